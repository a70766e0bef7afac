import { useLiveQuery } from '@/db/hooks/use-live-query';
import { REPLY_TEXT } from '../constants';

const AUDIO_TYPES = new Set(['track', 'mix']);

/**
 * The app's own tracks and mixes a post links to, playable where they are
 * mentioned. The file is fetched only when the member presses play.
 */
export function InlineTracks({ ids }: { ids: readonly string[] }) {
  const key = ids.join(',');
  const { value: items } = useLiveQuery((db) => db.user_content.find({ selector: { id: { $in: [...ids] } } }).$, [key], []);
  const playable = items.filter((item) => AUDIO_TYPES.has(item.type) && item.content_url);
  if (playable.length === 0) return null;
  return (
    <div className="my-2 space-y-2">
      {playable.map((item) => (
        <figure key={item.id} className="w-full max-w-xl rounded-md border bg-card p-2" data-testid="inline-track">
          <figcaption className="mb-1 truncate text-sm font-medium">{item.title}</figcaption>
          <audio controls preload="none" src={item.content_url ?? undefined} className="w-full" aria-label={REPLY_TEXT.playTrack(item.title)} />
        </figure>
      ))}
    </div>
  );
}
