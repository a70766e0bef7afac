import { useEffect, useState } from 'react';
import { readSharedItem, type SharedItem } from './worker-store';

/** What was shared into the app under `id` (kept by the service worker), once read; null while reading or when gone. */
export function useSharedItem(id: string | undefined): SharedItem | null {
  const [item, setItem] = useState<SharedItem | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    readSharedItem(id)
      .then((found) => {
        if (live) setItem(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  return id ? item : null;
}

/** A shared file as a File the upload form takes (IndexedDB gives back a Blob without its name). */
export function sharedFile(item: SharedItem | null): File | null {
  if (!item?.file) return null;
  return item.file instanceof File ? item.file : new File([item.file], item.fileName ?? 'shared', { type: item.file.type });
}

/** A shared link or text as the body of a new discussion: the text, then the link unless the text already has it. */
export function sharedBody(item: SharedItem): string {
  const text = item.text.trim();
  const url = item.url.trim();
  if (!url || text.includes(url)) return text;
  return text ? `${text}\n\n${url}` : url;
}
