import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDeferredPopup } from '@/launch/deferred-popup';
import { SHARE_TEXTS } from '../constants';
import type { ShareDialogProps } from './share-dialog-content';

const loadShareDialog = () => import('./share-dialog-content').then((m) => m.ShareDialogContent);

/**
 * The share button of a blog post, a content item or a thread. The dialog's code (20 platforms, Radix's dialog)
 * loads when the button is first used, not with the screen a shared link opens. Exported for the routes to compose.
 */
export function ShareDialog(props: ShareDialogProps) {
  const { Loaded, triggerProps } = useDeferredPopup(loadShareDialog, 'dialog');
  if (Loaded) return <Loaded {...props} />;
  return (
    <Button variant="outline" size="sm" {...triggerProps}>
      <Share2 aria-hidden />
      {props.triggerLabel ?? SHARE_TEXTS.trigger}
    </Button>
  );
}
