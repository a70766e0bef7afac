import { useState, type ComponentProps, type SyntheticEvent } from 'react';
import { imageSources } from '@/lib/image-url';
import { cn } from '@/lib/utils';

/**
 * A round avatar: the picture (AvatarImage) drawn over the member's initials (AvatarFallback), which show while
 * it loads, where it fails, and where there is none.
 *
 * Plain elements rather than Radix's Avatar: Radix keeps each picture's loading state in React, set from a layout
 * effect as the avatar mounts, so every screen of avatars rendered itself a second time, synchronously, right
 * after its first commit (one long task on a first visit: the hub's 20 cards), and once more per picture as it
 * loaded. Here a picture that loads changes nothing React holds; only a failure does.
 */
export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)} {...props} />;
}

/** The size avatars are requested at when a caller does not say: the common 40-48 px rows, sharp at 2x. */
export const DEFAULT_AVATAR_SIZE = 48;

/**
 * The mark of a picture that loaded, so the initials under it stop showing (a transparent picture would let them
 * through); AvatarFallback's `peer-data-loaded:` class names it too.
 */
export const AVATAR_LOADED_ATTRIBUTE = 'data-loaded';

function markLoaded(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.setAttribute(AVATAR_LOADED_ATTRIBUTE, '');
}

/**
 * An avatar picture requested at its displayed size (`size`, CSS px) when the project's storage hosts it.
 * If the resized copy cannot be loaded it retries the original; if that fails the fallback (initials) shows.
 * It must come before the fallback in its Avatar (the fallback hides once the picture has loaded).
 */
export function AvatarImage({
  className,
  src,
  size = DEFAULT_AVATAR_SIZE,
  alt = '',
  ...props
}: Omit<ComponentProps<'img'>, 'onLoad' | 'onError'> & { size?: number }) {
  // How many sources failed for this `src`: the resized copy, then the original.
  const [failed, setFailed] = useState<{ src: string; count: number } | null>(null);
  if (!src) return null;
  const failures = failed?.src === src ? failed.count : 0;
  const sources = imageSources(src, { width: size, height: size });
  const resized = sources.src !== src;
  const attempt = resized ? failures : failures + 1;
  if (attempt > 1) return null;
  return (
    <img
      // A new element per source: the browser then never shows the failed one's state.
      key={attempt}
      className={cn('peer absolute inset-0 aspect-square size-full object-cover', className)}
      src={attempt === 0 ? sources.src : src}
      srcSet={attempt === 0 ? sources.srcSet : undefined}
      alt={alt}
      // An avatar is never what a screen waits for: low priority keeps a picture in view from being raised above
      // the screen's own requests (as Chrome raises pictures it lays out in the viewport).
      fetchPriority="low"
      decoding="async"
      onLoad={markLoaded}
      onError={() => setFailed({ src, count: failures + 1 })}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn('flex size-full items-center justify-center rounded-full bg-muted text-sm font-medium peer-data-loaded:invisible', className)}
      {...props}
    />
  );
}

/** Initials of a display name or username, '??' when there is neither. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  if (words.length === 0) return '??';
  const letters = words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[1][0];
  return letters.toUpperCase();
}
