import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

type PaymentNoticeProps = {
  /** an icon above the title, sized by the caller */
  icon?: ReactNode;
  title: ReactNode;
  /** the one way on: a link rendered as the card's button */
  action: ReactNode;
  contentClassName?: string;
  testId?: string;
  children: ReactNode;
};

/** The centred card a payment flow ends on: what happened, and where to go next. */
export function PaymentNotice({ icon, title, action, contentClassName, testId, children }: PaymentNoticeProps) {
  return (
    <Card className="mx-auto mt-8 max-w-md text-center" data-testid={testId}>
      <CardHeader>
        {icon}
        <CardTitle role="heading" aria-level={1} className="text-2xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
      <CardFooter className="justify-center">
        <Button asChild>{action}</Button>
      </CardFooter>
    </Card>
  );
}
