// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadInPlace, restoresScroll } from '@/app/reload-in-place';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Two pages under the app's scroll restoration option, on an in-memory history. */
function pages() {
  const root = createRootRoute({ component: () => <Outlet /> });
  const thread = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>the thread</p> });
  const hub = createRoute({ getParentRoute: () => root, path: '/hub', component: () => <p>the hub</p> });
  return createRouter({
    routeTree: root.addChildren([thread, hub]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    scrollRestoration: restoresScroll,
  });
}

describe('loading the page again in place', () => {
  it('leaves the page where the member scrolled it, while a navigation still starts the next page at its top', async () => {
    const router = pages();
    render(<RouterProvider router={router} />);
    await screen.findByText('the thread');
    // The member scrolls while the session is being restored; then the guards run again.
    const scrolls = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await reloadInPlace(router);
    await reloadInPlace(router);
    expect(screen.getByText('the thread')).toBeTruthy();
    expect(scrolls).not.toHaveBeenCalled();

    router.history.push('/hub');
    await screen.findByText('the hub');
    expect(scrolls).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
