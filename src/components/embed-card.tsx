import { ExternalLink, Music2, Play, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EMBED_PROVIDER_NAMES, EMBED_TEXT, PLAYER_FRAME_ALLOW, PLAYER_FRAME_SANDBOX, type Embed } from '@/lib/embeds';
import { useConnectivityStore } from '@/stores/connectivity-store';

/** A 16:9 frame for video at any width; players of music have a fixed height. */
const VIDEO_ASPECT = 'aspect-video';

/**
 * A compact card for a link to another service's player. Nothing of that
 * service loads until the member taps Play (no request leaves for it before:
 * no artwork, no script, no frame). Then the player runs in a sandboxed frame
 * as wide as the card. With no connection the card says the player needs one
 * and keeps the link.
 */
export function EmbedCard({ embed, title }: { embed: Embed; title?: string | null }) {
  const online = useConnectivityStore((s) => s.online);
  const [playing, setPlaying] = useState(false);
  const provider = EMBED_PROVIDER_NAMES[embed.provider];
  const name = title?.trim() || embed.title || provider;
  const canPlay = embed.frameSrc !== null;

  return (
    <div
      className="my-2 w-full max-w-xl overflow-hidden rounded-md border bg-card text-card-foreground"
      data-testid="embed-card"
      data-provider={embed.provider}
    >
      {playing && embed.frameSrc ? (
        <iframe
          src={embed.frameSrc}
          title={EMBED_TEXT.frameTitle(provider, name)}
          sandbox={PLAYER_FRAME_SANDBOX}
          allow={PLAYER_FRAME_ALLOW}
          referrerPolicy="strict-origin"
          className={embed.frameHeight === null ? `block w-full ${VIDEO_ASPECT}` : 'block w-full'}
          style={embed.frameHeight === null ? undefined : { height: embed.frameHeight }}
          data-testid="embed-frame"
        />
      ) : (
        <div className="flex items-center gap-3 p-2">
          <div className="flex size-11 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground" aria-hidden>
            <Music2 className="size-5" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid="embed-title">
              {name}
            </p>
            <p className="truncate text-xs text-muted-foreground">{canPlay ? provider : EMBED_TEXT.noPlayer(provider)}</p>
          </div>
          {canPlay ? (
            <Button type="button" size="sm" disabled={!online} aria-label={EMBED_TEXT.play(name, provider)} onClick={() => setPlaying(true)}>
              <Play aria-hidden />
              <span className="max-sm:sr-only">{EMBED_TEXT.playShort}</span>
            </Button>
          ) : null}
        </div>
      )}
      {canPlay && !online && !playing ? (
        <p className="flex items-center gap-2 border-t px-2 py-1.5 text-xs text-muted-foreground" role="status" data-testid="embed-offline">
          <WifiOff className="size-3.5 shrink-0" aria-hidden />
          {EMBED_TEXT.needsConnection}
        </p>
      ) : null}
      <a
        href={embed.pageUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-h-11 items-center gap-1 border-t px-2 text-xs text-primary underline-offset-2 hover:underline"
      >
        <ExternalLink className="size-3.5 shrink-0" aria-hidden />
        {EMBED_TEXT.open(provider)}
      </a>
    </div>
  );
}
