/**
 * `NotificationBell`: the top bar's link to /notifications for a signed-in member, a bell with the
 * unread count as a badge ('99+' past 99). Its name says the count ('Notifications, 3 unread'); a
 * polite live region announces when the count goes up while the member is on a page. The count is
 * read again when the window regains focus (the live channel refreshes it otherwise).
 *
 * - `variant="icon"`: the bell in the bar. `variant="menu"`: a full-width row for the phone menu.
 */
import { Badge, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { BellIcon } from '../../components/icons';
import { trpc } from '../../lib/trpc';
import classes from './notification-bell.module.css';

/** The bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${String(unread)} unread` : 'Notifications';
}

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** The unread count, or null until the first answer. */
export function useUnreadCount(): number | null {
  const query = trpc.notification.unreadCount.useQuery(undefined, { refetchOnWindowFocus: 'always' });
  return query.data?.unread ?? null;
}

/** Announces a rise in the count (not the first reading, nor a fall after marking read). */
function useArrivalAnnouncement(unread: number | null): string {
  const previous = useRef<number | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (unread === null) return;
    if (previous.current !== null && unread > previous.current) {
      setMessage(`New notification. ${String(unread)} unread.`);
    }
    previous.current = unread;
  }, [unread]);
  return message;
}

export function NotificationBell({ variant }: { variant: 'icon' | 'menu' }) {
  const count = useUnreadCount();
  const announcement = useArrivalAnnouncement(count);
  const unread = count ?? 0;
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '') === '/notifications' ? 'page' : undefined;
  const badge =
    unread > 0 ? (
      <Badge
        component="span"
        size="sm"
        color="blue"
        variant="filled"
        circle={unread < 10}
        className={classes.badge}
        aria-hidden="true"
      >
        {badgeText(unread)}
      </Badge>
    ) : null;

  if (variant === 'menu') {
    return (
      <Link to="/notifications" className={classes.menuLink} aria-current={current} aria-label={bellLabel(unread)}>
        <BellIcon size={18} />
        <span>Notifications</span>
        {badge}
      </Link>
    );
  }
  return (
    <>
      <Link
        to="/notifications"
        className={classes.bell}
        aria-current={current}
        aria-label={bellLabel(unread)}
        title={bellLabel(unread)}
      >
        <BellIcon size={22} />
        {badge ? <span className={classes.corner}>{badge}</span> : null}
      </Link>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
