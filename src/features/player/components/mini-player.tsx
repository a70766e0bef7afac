import { Link } from '@tanstack/react-router';
import { Music, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { usePlayerStore } from '@/stores/player-store';
import { PLAYER_TEXT } from '../constants';
import { connectMediaSession } from '../model/media-session';

/**
 * The layout's player: it lives outside the routed screen, so a track keeps playing while the member moves around.
 * Sticky at the bottom of the page's column, so it takes its own space at the end and covers nothing there.
 */
export function MiniPlayer() {
  const track = usePlayerStore((s) => s.track);
  const close = usePlayerStore((s) => s.close);
  const audio = useRef<HTMLAudioElement>(null);

  // A new file starts playing; a track named later (its artist read after the tap) only updates the lock
  // screen, and must not resume what the member paused meanwhile.
  const src = track?.src ?? null;
  useEffect(() => {
    if (src) void audio.current?.play().catch(() => undefined);
  }, [src]);
  useEffect(() => {
    const element = audio.current;
    if (!element || !track) return;
    return connectMediaSession(element, track);
  }, [track]);

  if (!track) return null;
  return (
    <section
      aria-label={PLAYER_TEXT.region}
      data-testid="mini-player"
      className="sticky bottom-0 z-30 flex w-full flex-wrap items-center gap-2 border-t bg-background/95 px-3 py-2 backdrop-blur sm:flex-nowrap sm:px-6"
    >
      <Link to={track.href} className="flex min-w-0 flex-1 items-center gap-2 hover:underline">
        {track.artworkUrl ? (
          <img src={track.artworkUrl} alt="" className="size-10 shrink-0 rounded object-cover" />
        ) : (
          <Music className="size-6 shrink-0" aria-hidden />
        )}
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{track.title}</span>
          <span className="block truncate text-xs text-muted-foreground">{track.artist}</span>
        </span>
      </Link>
      <audio
        ref={audio}
        controls
        src={track.src}
        className="order-last h-10 w-full min-w-0 sm:order-none sm:w-80"
        aria-label={PLAYER_TEXT.audioLabel(track.title)}
      />
      <Button type="button" variant="ghost" size="icon" onClick={close} aria-label={PLAYER_TEXT.close} className="shrink-0">
        <X aria-hidden />
      </Button>
    </section>
  );
}
