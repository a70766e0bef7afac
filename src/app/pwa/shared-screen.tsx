import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { readSharedItem } from '@/lib/worker-store';
import { SHARE_TEXT, sharedFileGoesToUpload } from './share-target';

/** Sends the member on to the form that takes what was shared: the content upload for a file, a new discussion otherwise. */
export function SharedScreen({ sharedId }: { sharedId: string | undefined }) {
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!sharedId) {
      setMissing(true);
      return;
    }
    let live = true;
    void readSharedItem(sharedId)
      .catch(() => null)
      .then((item) => {
        if (!live) return;
        if (!item) setMissing(true);
        else if (item.file && sharedFileGoesToUpload(item.file.type)) void navigate({ to: '/add-content', search: { shared: item.id }, replace: true });
        else void navigate({ to: '/discussions', search: { shared: item.id }, replace: true });
      });
    return () => {
      live = false;
    };
  }, [sharedId, navigate]);
  return (
    <p className="mx-auto max-w-2xl p-4 text-muted-foreground" role="status">
      {missing ? SHARE_TEXT.missing : SHARE_TEXT.opening}
    </p>
  );
}
