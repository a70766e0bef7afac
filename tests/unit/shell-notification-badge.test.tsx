// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_NOTIFICATIONS } from '@/app/layout/layout-slots';
import { NotificationBell } from '@/app/layout/notification-bell';
import { formatBadgeCount } from '@/lib/shell-constants';

describe("unread badge caps at '9+'", () => {
  afterEach(cleanup);

  it.each([
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i unread reads %s', (count, shown) => {
    expect(formatBadgeCount(count)).toBe(shown);
  });

  it('shows the capped count on the bell and names the real count for screen readers', () => {
    render(<NotificationBell notifications={{ ...EMPTY_NOTIFICATIONS, unreadCount: 12 }} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
  });

  it('shows no badge when everything is read', () => {
    render(<NotificationBell notifications={EMPTY_NOTIFICATIONS} />);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });
});
