import type { PlayerTrack } from '@/stores/player-store';
import { SEEK_STEP_S } from '../constants';

/**
 * The lock screen's and the notification shade's controls for the mini player's audio element: title, artist and
 * artwork, play/pause and seeking. Returns the function that takes them down. Nothing where Media Session is missing.
 */
export function connectMediaSession(audio: HTMLAudioElement, track: PlayerTrack): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => undefined;
  const session = navigator.mediaSession;
  session.metadata = new MediaMetadata({
    title: track.title,
    artist: track.artist,
    artwork: track.artworkUrl ? [{ src: track.artworkUrl, sizes: '512x512' }] : [{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }],
  });
  const seekTo = (time: number) => {
    audio.currentTime = Math.max(0, Math.min(Number.isFinite(audio.duration) ? audio.duration : time, time));
  };
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void audio.play().catch(() => undefined)],
    ['pause', () => audio.pause()],
    ['seekbackward', (d) => seekTo(audio.currentTime - (d.seekOffset ?? SEEK_STEP_S))],
    ['seekforward', (d) => seekTo(audio.currentTime + (d.seekOffset ?? SEEK_STEP_S))],
    ['seekto', (d) => (d.seekTime !== undefined ? seekTo(d.seekTime) : undefined)],
  ];
  for (const [action, handler] of handlers) {
    // A browser may not know an action (older ones lack seekto); the rest still work.
    try {
      session.setActionHandler(action, handler);
    } catch {
      /* unsupported action */
    }
  }
  const position = () => {
    if (!Number.isFinite(audio.duration) || !session.setPositionState) return;
    session.setPositionState({ duration: audio.duration, position: Math.min(audio.currentTime, audio.duration), playbackRate: audio.playbackRate });
  };
  const state = () => {
    session.playbackState = audio.paused ? 'paused' : 'playing';
    position();
  };
  const events = ['play', 'pause', 'durationchange', 'seeked', 'ratechange'] as const;
  for (const type of events) audio.addEventListener(type, state);
  return () => {
    for (const type of events) audio.removeEventListener(type, state);
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        /* unsupported action */
      }
    }
    session.metadata = null;
    session.playbackState = 'none';
  };
}
