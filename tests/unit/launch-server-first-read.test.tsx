// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { serverReadsInFlight, sharedServerRead } from '@/launch/server-first';
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

  it("shows a read the launch waited for in the screen's first render, with no empty render before it", async () => {
    const read = () => sharedServerRead('unit:settled', async () => ['opening post from the server']);
    // The route's loader starts the read; the launch waits for the reads in flight before React's first render.
    void read();
    await serverReadsInFlight();
    const renders: string[] = [];
    function Screen() {
      const { answer: rows, pending } = useServerFirstRead(() => true, read, 'unit:settled');
      const shown = pending || !rows ? 'Loading thread' : rows.join();
      renders.push(shown);
      return <p>{shown}</p>;
    }
    render(<Screen />);
    expect(screen.getByText('opening post from the server')).toBeTruthy();
    expect(renders.every((shown) => shown === 'opening post from the server')).toBe(true);
  });

  it('waits for no read that has failed, and leaves a failed one to the store', async () => {
    const read = () => sharedServerRead('unit:failed', () => Promise.reject(new Error('offline')));
    void read().catch(() => undefined);
    await serverReadsInFlight();
    function Screen() {
      const { answer, pending } = useServerFirstRead(() => true, read, 'unit:failed');
      return <p>{pending ? 'Loading thread' : answer === null ? 'From the store' : 'From the server'}</p>;
    }
    render(<Screen />);
    await waitFor(() => expect(screen.getByText('From the store')).toBeTruthy());
  });
});
