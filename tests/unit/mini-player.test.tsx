// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MiniPlayer } from '@/features/player/components/mini-player';
import { usePlayerStore } from '@/stores/player-store';

// The boundary: the router's link (the player sits outside any route in these tests).
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/content/c1">{children}</a> }));

const track = { src: 'https://cdn.example/set.wav', title: 'Sunrise set', artist: '', artworkUrl: null, href: '/content/c1' };
const plays = vi.fn(() => Promise.resolve());

beforeEach(() => {
  plays.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(plays);
  usePlayerStore.getState().close();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the mini player', () => {
  it('plays a new track, and naming its artist later shows the name without playing it again', () => {
    const { getByText } = render(<MiniPlayer />);
    act(() => usePlayerStore.getState().play(track));
    expect(plays).toHaveBeenCalledTimes(1);
    // the member pauses; then the page reads who made the track
    act(() => usePlayerStore.getState().credit(track.src, 'DJ Lumen'));
    expect(getByText('DJ Lumen')).toBeTruthy();
    expect(plays).toHaveBeenCalledTimes(1);
    // another track starts
    act(() => usePlayerStore.getState().play({ ...track, src: 'https://cdn.example/other.wav' }));
    expect(plays).toHaveBeenCalledTimes(2);
  });
});
