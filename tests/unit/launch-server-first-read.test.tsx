// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerFirstRead } from '@/launch/use-server-first-read';

afterEach(() => cleanup());

describe("useServerFirstRead: a launch screen's read from the server", () => {
  it('mounts the answer as a transition: what showed stays until the new content is ready, never a blank fallback', async () => {
    let answer: (rows: string[]) => void = () => undefined;
    const read = () => new Promise<string[]>((resolve) => (answer = resolve));
    let release: (text: string) => void = () => undefined;
    const slowPart = new Promise<string>((resolve) => (release = resolve));
    function SlowPart() {
      return <p>{use(slowPart)}</p>;
    }
    function Screen() {
      const { answer: rows, pending } = useServerFirstRead(() => true, read, 'thread:1');
      if (pending || !rows) return <p>Loading thread</p>;
      return (
        <>
          {rows.map((text) => (
            <p key={text}>{text}</p>
          ))}
          <SlowPart />
        </>
      );
    }
    render(
      <Suspense fallback={<p>Blank fallback</p>}>
        <Screen />
      </Suspense>,
    );
    await act(async () => answer(['opening post from the server']));
    // An update React must finish in one go would have swapped the skeleton for the fallback.
    expect(screen.getByText('Loading thread')).toBeTruthy();
    expect(screen.queryByText('Blank fallback')).toBeNull();
    await act(async () => release('the rest of the screen'));
    await waitFor(() => expect(screen.getByText('opening post from the server')).toBeTruthy());
    expect(screen.getByText('the rest of the screen')).toBeTruthy();
  });
});
