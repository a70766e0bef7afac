import { beforeEach, describe, expect, it } from 'vitest';
import { usePlayerStore } from '@/stores/player-store';

const track = { src: 'https://cdn.example/set.wav', title: 'Sunrise set', artist: '', artworkUrl: null, href: '/content/c1' };

beforeEach(() => usePlayerStore.getState().close());

describe('the mini player names a track played before its artist was read', () => {
  it('takes the artist of the track playing, once known, and leaves another track alone', () => {
    usePlayerStore.getState().play(track);
    usePlayerStore.getState().credit('https://cdn.example/other.wav', 'Someone else');
    expect(usePlayerStore.getState().track?.artist).toBe('');
    usePlayerStore.getState().credit(track.src, 'DJ Lumen');
    expect(usePlayerStore.getState().track).toEqual({ ...track, artist: 'DJ Lumen' });
  });

  it('names nothing when nothing plays', () => {
    usePlayerStore.getState().credit(track.src, 'DJ Lumen');
    expect(usePlayerStore.getState().track).toBeNull();
  });
});
