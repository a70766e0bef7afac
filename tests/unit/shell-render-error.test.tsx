// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, RouteError } from '@/app/render-error';
import { MESSAGES } from '@/lib/shell-constants';

function Broken(): never {
  throw new Error('render failed');
}

describe('a render error never blanks the app', () => {
  beforeEach(() => {
    // React and the boundary log the caught error; the test only needs what the member sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the root boundary shows what happened and reloads on request', () => {
    const reload = vi.fn();
    render(
      <AppErrorBoundary onReload={reload}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.renderErrorTitle);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failing screen is replaced inside the layout: the shell stays', async () => {
    const root = createRootRoute({
      component: () => (
        <>
          <nav aria-label="Main">Shell navigation</nav>
          <main>
            <Outlet />
          </main>
        </>
      ),
    });
    const page = createRoute({ getParentRoute: () => root, path: '/', component: Broken });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteError,
    });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.renderErrorBody);
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toBe('Shell navigation');
    expect(screen.getByRole('button', { name: MESSAGES.reload })).toBeTruthy();
  });
});
