import { Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/stores/toast-store';
import { SHARE_PLATFORMS, SHARE_TEXTS, type SharePlatform } from '../constants';
import { buildShareLink, normalizeInstance, popupFeatures, type ShareData } from '../model/share-links';

export type ShareDialogProps = { data: ShareData; triggerLabel?: string };

/**
 * The share dialog: 20 platforms in a 600 x 400 pop-up, copy link, and the device's own share sheet where the
 * Web Share API exists. Loaded when its button is first used (see ShareDialog); it opens at once.
 */
export function ShareDialogContent({ data, triggerLabel = SHARE_TEXTS.trigger }: ShareDialogProps) {
  const [open, setOpen] = useState(true);
  const [instance, setInstance] = useState('');
  const canNativeShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copyLink(): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: SHARE_TEXTS.linkCopiedTitle, description: SHARE_TEXTS.linkCopiedDescription, variant: 'success' });
      return true;
    } catch {
      toast({ title: SHARE_TEXTS.copyFailedTitle, description: SHARE_TEXTS.copyFailedDescription, variant: 'destructive' });
      return false;
    }
  }

  async function shareTo(platform: SharePlatform) {
    if (platform.needsInstance && normalizeInstance(instance) === '') {
      toast({ title: SHARE_TEXTS.mastodonRequiredTitle, description: SHARE_TEXTS.mastodonRequiredDescription, variant: 'destructive' });
      return;
    }
    const link = buildShareLink(platform, data, instance);
    if (!link) {
      await copyLink();
      return;
    }
    window.open(link, `share-${platform.id}`, popupFeatures(window));
  }

  async function nativeShare() {
    try {
      await navigator.share({ url: data.url, title: data.title, text: data.description });
    } catch {
      // The member closed the share sheet: nothing to report.
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Share2 aria-hidden />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{SHARE_TEXTS.dialogTitle}</DialogTitle>
          <DialogDescription>{SHARE_TEXTS.dialogDescription}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void copyLink()}>
            <Copy aria-hidden />
            {SHARE_TEXTS.copyLink}
          </Button>
          {canNativeShare ? (
            <Button variant="secondary" size="sm" onClick={() => void nativeShare()}>
              <Share2 aria-hidden />
              {SHARE_TEXTS.nativeShare}
            </Button>
          ) : null}
        </div>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share platforms">
          {SHARE_PLATFORMS.map((p) => (
            <li key={p.id}>
              <Button variant="outline" size="sm" className="w-full justify-start" title={p.note} data-platform={p.id} onClick={() => void shareTo(p)}>
                {p.name}
              </Button>
            </li>
          ))}
        </ul>
        <div className="space-y-1">
          <Label htmlFor="share-mastodon-instance">{SHARE_TEXTS.mastodonLabel}</Label>
          <Input id="share-mastodon-instance" placeholder={SHARE_TEXTS.mastodonPlaceholder} value={instance} onChange={(e) => setInstance(e.target.value)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
