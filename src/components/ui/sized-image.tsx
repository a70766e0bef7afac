import { ImageIcon } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { imageSources, type ImageSizing } from '@/lib/image-url';
import { cn } from '@/lib/utils';

type Stage = 'sized' | 'original' | 'failed';

export interface SizedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> {
  src: string;
  sizing: ImageSizing;
  /** classes of the placeholder shown when the image cannot be loaded at all */
  placeholderClassName?: string;
}

/**
 * An image asked for at the size it is shown (see `imageSources`). If the resized copy fails (a project
 * without image transformation) it falls back to the original URL; if that fails too (offline, a blocked
 * image host, a dead link) it shows a designed placeholder instead of the browser's broken-image icon.
 */
export function SizedImage({ src, sizing, className, placeholderClassName, alt = '', onError, ...props }: SizedImageProps) {
  // Keyed by the URL, so a new image starts again from its resized copy.
  const [failure, setFailure] = useState<{ src: string; stage: Stage }>({ src, stage: 'sized' });
  const stage = failure.src === src ? failure.stage : 'sized';
  const sources = imageSources(src, sizing);
  const resized = sources.src !== src;

  if (stage === 'failed') {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="image-placeholder"
        className={cn('flex items-center justify-center bg-gradient-to-br from-muted to-accent text-muted-foreground', className, placeholderClassName)}
      >
        <ImageIcon className="size-6 opacity-50" aria-hidden />
      </div>
    );
  }

  const shown = stage === 'sized' ? sources : { src };
  return (
    <img
      {...props}
      key={`${stage}:${src}`}
      src={shown.src}
      srcSet={shown.srcSet}
      sizes={shown.sizes}
      alt={alt}
      className={className}
      onError={(event) => {
        setFailure({ src, stage: stage === 'sized' && resized ? 'original' : 'failed' });
        onError?.(event);
      }}
    />
  );
}
