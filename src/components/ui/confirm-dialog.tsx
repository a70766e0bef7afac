import { Slot } from '@radix-ui/react-slot';
import type { ConfirmDialogProps } from './confirm-dialog-content';
import { useDeferredPopup } from '@/launch/deferred-popup';

const loadConfirmDialog = () => import('./confirm-dialog-content').then((m) => m.ConfirmDialogContent);

/**
 * A destructive action asks first; Escape or Cancel keeps everything. The dialog's code (Radix's alert dialog
 * with its focus trap and scroll lock) loads when the trigger is first used, not with the screen: a thread
 * shows a delete button on every post a moderator reads, and none of them is needed to read it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { Loaded, triggerProps } = useDeferredPopup(loadConfirmDialog, 'dialog');
  if (Loaded) return <Loaded {...props} />;
  return <Slot {...triggerProps}>{props.trigger}</Slot>;
}
