import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { SIGN_OUT_TEXT } from './constants';

export type SignOutChoice = 'keep' | 'discard' | 'cancel';

type Props = {
  /** open while a sign-out waits for the member's answer */
  question: { count: number; answer: (choice: SignOutChoice) => void } | null;
};

/** Asked only when the member has writes the server has not accepted yet. */
export function SignOutDialog({ question }: Props) {
  return (
    <AlertDialog open={question !== null} onOpenChange={(open) => !open && question?.answer('cancel')}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{SIGN_OUT_TEXT.title}</AlertDialogTitle>
          <AlertDialogDescription>{question ? SIGN_OUT_TEXT.description(question.count) : null}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => question?.answer('cancel')}>{SIGN_OUT_TEXT.cancel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={() => question?.answer('discard')}>
            {SIGN_OUT_TEXT.discard}
          </AlertDialogAction>
          <AlertDialogAction onClick={() => question?.answer('keep')}>{SIGN_OUT_TEXT.keep}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
