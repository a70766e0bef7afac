import { create } from 'zustand';

/** What the mini player plays: one audio file with what the lock screen shows for it. */
export type PlayerTrack = {
  src: string;
  title: string;
  artist: string;
  artworkUrl: string | null;
  /** the in-app page of the track (the mini player links back to it) */
  href: string;
};

type PlayerState = {
  track: PlayerTrack | null;
  /** Starts `track` in the layout's mini player, which keeps playing while the member moves between screens. */
  play: (track: PlayerTrack) => void;
  /**
   * Names the artist of the track playing from `src`: a track started before its page had read who made it
   * (a tap that came first) shows, and tells the lock screen, the name once it is known.
   */
  credit: (src: string, artist: string) => void;
  close: () => void;
};

export const usePlayerStore = create<PlayerState>((set) => ({
  track: null,
  play: (track) => set({ track }),
  credit: (src, artist) => set((s) => (s.track && s.track.src === src && s.track.artist !== artist ? { track: { ...s.track, artist } } : s)),
  close: () => set({ track: null }),
}));
