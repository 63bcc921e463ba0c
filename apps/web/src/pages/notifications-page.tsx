/**
 * /notifications: the signed-in member's inbox, newest first, 20 a page (the page number lives in
 * the address, `?page=`). Each notification is a sentence about a ride (`notificationSentence`)
 * linking to the ride while it exists; unread ones are marked 'New' with a 'Mark as read' button
 * (following the link marks it read too), and 'Mark all as read' clears them all. A polite status
 * line says how many are unread. Loading, failure ('Try again') and an empty inbox ('No
 * notifications yet') each have their own state.
 *
 * Focus is never dropped: once a notification is marked read its 'Mark as read' button goes, so
 * focus moves to that notification's sentence; 'Mark all as read' ends disabled, so focus moves to
 * the page heading. A refusal puts focus back on the button (re-enabled after its spinner).
 */
import { Anchor, Badge, Button, Card, Center, Group, Pagination, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ListCard } from '../components/list-card';
import { formatRideDate } from '@rideshare/domain';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { LoadErrorAlert } from '../components/load-error-alert';
import { Page } from '../components/page';
import { PageLoader } from '../components/page-loader';
import { notificationPath, notificationSentence, useMarkRead } from '../features/notifications';
import type { NotificationItem } from '../lib/api-types';
import classes from '../features/notifications/notifications-page.module.css';
import { trpc } from '../lib/trpc';

const TITLE = 'Notifications';
export const NOTIFICATIONS_PAGE_SIZE = 20;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const sentenceIdOf = (id: number) => `notification-${String(id)}`;
const markReadButtonIdOf = (id: number) => `notification-${String(id)}-mark-read`;

/** Focuses the element when focus was lost (on the page body, or on nothing). */
function focusIfLost(element: HTMLElement | null | undefined): void {
  const active = document.activeElement;
  if (element && (active === null || active === document.body)) element.focus();
}

function unreadText(unread: number): string {
  if (unread === 0) return 'You are all caught up.';
  return unread === 1 ? 'You have 1 unread notification.' : `You have ${String(unread)} unread notifications.`;
}

function NotificationRow({
  item,
  onMarkRead,
  onFollow,
  marking,
}: {
  item: NotificationItem;
  /** 'Mark as read' (focus moves on afterwards). */
  onMarkRead: (id: number) => void;
  /** Following the link to the ride, which marks it read too. */
  onFollow: (id: number) => void;
  marking: boolean;
}) {
  const unread = item.readAt === null;
  const sentence = notificationSentence(item);
  const path = notificationPath(item);
  const sentenceId = sentenceIdOf(item.id);
  return (
    <ListCard data-unread={unread ? 'true' : 'false'}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          {unread ? <span className={classes.dot} aria-hidden="true" data-testid="unread-dot" /> : null}
          <Text
            id={sentenceId}
            fw={unread ? 600 : 400}
            className={classes.sentence}
            style={{ outline: 'none', flex: 1 }}
            tabIndex={-1}
          >
            {unread ? <VisuallyHidden component="span">Unread: </VisuallyHidden> : null}
            {path !== null ? (
              <Anchor
                component={Link}
                to={path}
                inherit
                onClick={() => {
                  if (unread) onFollow(item.id);
                }}
              >
                {sentence}
              </Anchor>
            ) : (
              sentence
            )}
          </Text>
          {unread ? (
            <Badge color="blue" variant="light" style={{ flexShrink: 0 }} aria-hidden="true">
              New
            </Badge>
          ) : null}
        </Group>
        <Group justify="space-between" align="center" gap="xs">
          <Text size="xs" c="dimmed">
            <time dateTime={item.createdAt}>{formatRideDate(item.createdAt)}</time>
          </Text>
          {unread ? (
            <Button
              id={markReadButtonIdOf(item.id)}
              size="xs"
              variant="subtle"
              loading={marking}
              onClick={() => onMarkRead(item.id)}
              aria-describedby={sentenceId}
            >
              Mark as read
            </Button>
          ) : null}
        </Group>
      </Stack>
    </ListCard>
  );
}

export function NotificationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const list = trpc.notification.list.useQuery(
    { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    { refetchOnMount: 'always' },
  );
  const { markOne, markAll, pendingId, markingAll } = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);
  const markAllButton = useRef<HTMLButtonElement>(null);

  // The button goes once the notification is read: focus its sentence (the heading if the
  // notification has left this page meanwhile).
  const markRowRead = (id: number) => {
    markOne(id, {
      onSuccess: () => (document.getElementById(sentenceIdOf(id)) ?? heading.current)?.focus(),
      onError: () => focusIfLost(document.getElementById(markReadButtonIdOf(id))),
    });
  };
  // The button ends disabled with nothing left unread: focus the heading.
  const markEveryRead = () => {
    markAll({
      onSuccess: () => heading.current?.focus(),
      onError: () => focusIfLost(markAllButton.current),
    });
  };

  const goTo = (next: number) => {
    setSearchParams(next === 1 ? {} : { page: String(next) });
  };

  const actions = (
    <Button
      ref={markAllButton}
      variant="light"
      onClick={markEveryRead}
      loading={markingAll}
      disabled={!list.data || unread === 0}
    >
      Mark all as read
    </Button>
  );

  let body;
  if (list.isPending) {
    body = <PageLoader label="Loading notifications..." />;
  } else if (list.isError) {
    body = (
      <LoadErrorAlert
        title="Could not load your notifications"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        variant="filled"
      />
    );
  } else if (list.data.total === 0) {
    body = (
      <Card withBorder radius="md" padding="xl">
        <Stack gap={4} align="center">
          <Text fw={600}>No notifications yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            You will be told here when a ride you are on changes.
          </Text>
        </Stack>
      </Card>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>There are no notifications on this page.</Text>
        <Button variant="default" onClick={() => goTo(1)}>
          Back to the newest
        </Button>
      </Stack>
    );
  } else {
    const pages = Math.ceil(list.data.total / list.data.pageSize);
    body = (
      <Stack gap="md">
        <Stack component="ul" gap="sm" className={classes.list} aria-label="Notifications, newest first">
          {list.data.items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              onMarkRead={markRowRead}
              onFollow={markOne}
              marking={pendingId === item.id}
            />
          ))}
        </Stack>
        {pages > 1 ? (
          <Center component="nav" aria-label="Notification pages">
            <Pagination
              total={pages}
              value={page}
              onChange={goTo}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${String(item)}` })}
            />
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Page title={TITLE} actions={actions} headingRef={heading}>
      <Text role="status" aria-live="polite" c="dimmed" size="sm" mt={-8}>
        {list.data ? unreadText(unread) : ''}
      </Text>
      {body}
    </Page>
  );
}
