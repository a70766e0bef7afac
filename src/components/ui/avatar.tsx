import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { useState, type ComponentProps } from 'react';
import { imageSources } from '@/lib/image-url';
import { cn } from '@/lib/utils';

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return <AvatarPrimitive.Root className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)} {...props} />;
}

/** The size avatars are requested at when a caller does not say: the common 40-48 px rows, sharp at 2x. */
export const DEFAULT_AVATAR_SIZE = 48;

/**
 * An avatar picture requested at its displayed size (`size`, CSS px) when the project's storage hosts it.
 * If the resized copy cannot be loaded it retries the original; if that fails the fallback (initials) shows.
 */
export function AvatarImage({
  className,
  src,
  size = DEFAULT_AVATAR_SIZE,
  onLoadingStatusChange,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Image> & { size?: number }) {
  const [originalFor, setOriginalFor] = useState<string | undefined>();
  const sources = src ? imageSources(src, { width: size, height: size }) : undefined;
  const useOriginal = !sources || originalFor === src || sources.src === src;
  // Radix decides loaded/failed by loading `src` alone, so `src` is the copy this screen's density picks from
  // the srcset: the browser then reuses that download instead of fetching a second size.
  const dense = typeof window !== 'undefined' && window.devicePixelRatio >= 1.5;
  const probe = src && !useOriginal && dense ? imageSources(src, { width: size * 2, height: size * 2 }).src : sources?.src;
  return (
    <AvatarPrimitive.Image
      className={cn('aspect-square size-full object-cover', className)}
      src={useOriginal ? src : probe}
      srcSet={useOriginal ? undefined : sources.srcSet}
      onLoadingStatusChange={(status) => {
        if (status === 'error' && !useOriginal) setOriginalFor(src);
        onLoadingStatusChange?.(status);
      }}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback className={cn('flex size-full items-center justify-center rounded-full bg-muted text-sm font-medium', className)} {...props} />
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
