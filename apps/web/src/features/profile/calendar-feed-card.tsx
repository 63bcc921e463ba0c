/**
 * `CalendarFeedCard` (profile): the member's personal calendar feed, a secret link calendar apps
 * subscribe to (they cannot sign in), listing the rides they organise, join or drive.
 *
 * - Reads `user.calendarFeed` ({active, createdAt}); loading, failed (with Try again), off, on.
 * - 'Create feed link' (off) and 'Rotate link' (on) call `user.rotateCalendarFeed`; rotating first
 *   asks for confirmation, since the old link stops working. The new link is shown once, in a
 *   read-only field with Copy (the server keeps only a hash, so it cannot be shown again).
 * - 'Turn off' (`user.disableCalendarFeed`), also after a confirmation.
 * Changes are announced through a polite live region. Focus follows the change, since the control
 * that had it goes: to the new link's field after creating or rotating (its text selected for
 * copying), to 'Create feed link' after turning the feed off.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';
import { useEffect, useRef, useState, type Ref } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionCard } from '../../components/section-card';
import { copyWithToast } from '../../lib/clipboard';
import { trpc } from '../../lib/trpc';
import { useCalendarFeedActions } from './use-profile-mutations';

type Confirming = 'rotate' | 'disable' | null;
/** Where focus goes once the card shows the outcome of a change. */
type FocusTarget = 'link' | 'create' | null;

const CONFIRM_TEXTS = {
  rotate: {
    title: 'Rotate your feed link?',
    body: 'The old link stops working at once: calendars subscribed to it stop updating until you add the new link.',
    action: 'Rotate link',
  },
  disable: {
    title: 'Turn off your calendar feed?',
    body: 'The link stops working at once: calendars subscribed to it stop updating. You can create a new link later.',
    action: 'Turn off',
  },
} as const;

function FeedLink({ url, inputRef }: { url: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <Stack gap="xs">
      <TextInput
        ref={inputRef}
        label="Your calendar feed link"
        description="Shown only this once: copy it now and add it to your calendar app as a subscription (from URL)."
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() =>
            void copyWithToast(url, { title: 'Copied', message: 'Calendar feed link copied to clipboard' })
          }
        >
          Copy link
        </Button>
      </Group>
    </Stack>
  );
}

export function CalendarFeedCard() {
  const feed = trpc.user.calendarFeed.useQuery();
  const { rotate, disable } = useCalendarFeedActions();
  const [newUrl, setNewUrl] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  // Runs after the confirmation dialog's own focus handling (a child's effect runs first), and
  // leaves it nothing to return: the control it would return focus to may be gone.
  useEffect(() => {
    if (focusTarget === null) return;
    const target = focusTarget === 'link' ? linkField.current : createButton.current;
    if (target) {
      target.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, newUrl, feed.data?.active]);

  const makeLink = (wasActive: boolean) => {
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(null);
        setNewUrl(answer.url);
        setFocusTarget('link');
        setAnnouncement(wasActive ? 'New feed link created; the old link no longer works.' : 'Feed link created.');
      },
    });
  };

  const turnOff = () => {
    disable.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setNewUrl(null);
        setFocusTarget('create');
        setAnnouncement('Calendar feed turned off.');
      },
    });
  };

  let body;
  if (feed.isLoading) {
    body = (
      <Group gap="xs" role="status" aria-label="Loading calendar feed...">
        <Loader size="sm" />
        <Text size="sm">Loading calendar feed...</Text>
      </Group>
    );
  } else if (feed.error || !feed.data) {
    body = (
      <LoadErrorAlert
        title="Could not load your calendar feed"
        error={feed.error}
        onRetry={() => void feed.refetch()}
        retrying={feed.isFetching}
        retryVariant="light"
      />
    );
  } else if (!feed.data.active) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">You have no feed link.</Text>
        <Button ref={createButton} onClick={() => makeLink(false)} loading={rotate.isPending}>
          Create feed link
        </Button>
      </Stack>
    );
  } else {
    const createdAt = feed.data.createdAt;
    body = (
      <Stack gap="sm">
        {newUrl ? (
          <FeedLink url={newUrl} inputRef={linkField} />
        ) : (
          <Text size="sm">
            Your feed link is on
            {createdAt ? (
              <>
                {' '}
                (created <time dateTime={createdAt}>{formatRideDate(createdAt)}</time>)
              </>
            ) : null}
            . For your safety it is shown only when it is made: rotate it to get a new one.
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Button variant="light" onClick={() => setConfirming('rotate')}>
            Rotate link
          </Button>
          <Button variant="light" color="red" onClick={() => setConfirming('disable')}>
            Turn off
          </Button>
        </Group>
      </Stack>
    );
  }

  const texts = confirming ? CONFIRM_TEXTS[confirming] : null;
  const pending = rotate.isPending || disable.isPending;
  return (
    <SectionCard
      titleId="calendar-feed-title"
      title="Calendar feed"
      description={
        <>
          A private link your calendar app (Google Calendar, Apple Calendar, Outlook) can subscribe to. It lists the
          rides you organize, join or drive, from 30 days ago on, and keeps them up to date. Anyone with the link can
          see these rides, so keep it to yourself.
        </>
      }
    >
      {body}
      <VisuallyHidden role="status" aria-live="polite" data-testid="calendar-feed-status">
        {announcement}
      </VisuallyHidden>
      <Modal opened={texts !== null} onClose={() => setConfirming(null)} title={texts?.title} centered>
        {texts ? (
          <Stack gap="md">
            <Alert color="yellow" variant="light">
              {texts.body}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={pending}>
                Keep it
              </Button>
              <Button
                color={confirming === 'disable' ? 'red' : undefined}
                loading={pending}
                onClick={() => (confirming === 'disable' ? turnOff() : makeLink(true))}
              >
                {texts.action}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </SectionCard>
  );
}
