import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, mockClipboard, renderWithProviders, TEST_NOW, type ApiHandlers } from '../../test-utils';
import { makePassengerEntry, makeUser } from '../../test-utils/fixtures';
import { LiveUpdates } from '../live/live-updates';
import { TripCard, type TripCardProps } from './trip-card';
import type { TripView } from '../../lib/api-types';

const writeText = mockClipboard();

// Departed 5 minutes before the fixed clock: every stage may be marked.
const RIDE = {
  id: 7,
  direction: 'SG->FC' as const,
  crossing: 'second-link' as const,
  creatorId: 1,
  date: new Date(TEST_NOW.getTime() - 5 * 60_000).toISOString(),
};
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(TEST_NOW.getTime() - minutes * MINUTE).toISOString();
const PASSENGERS = [
  makePassengerEntry(30, 1, 'Olivia'),
  makePassengerEntry(31, 2, 'Paul'),
  makePassengerEntry(32, 3, 'Rita'),
];

function trip(overrides: Partial<TripView> = {}): TripView {
  return { crossing: 'second-link', stages: [], current: null, late: [], noShows: [], ...overrides };
}

const stageRow = (stage: TripView['stages'][number]['stage'], label: string, minutesAgo: number, byId = 9) => ({
  stage,
  label,
  at: ago(minutesAgo),
  by: { id: byId, name: 'Acme Cabs', role: 'vendor' as const },
});

function render(api: ApiHandlers, props: Partial<TripCardProps> = {}) {
  return renderWithProviders(
    <>
      <LiveUpdates />
      <TripCard ride={RIDE} viewerId={9} crew rider={false} passengers={PASSENGERS} {...props} />
    </>,
    { api: { 'auth.me': () => makeUser({ id: props.viewerId ?? 9 }), 'trip.shares': () => [], ...api } },
  );
}

describe('TripCard', () => {
  it('shows the timeline with Singapore times and offers the crew the next stage', async () => {
    // The fake server keeps the trip, as the real one does.
    let current = trip({ stages: [stageRow('at-pickup', 'At the pick-up', 30)], current: 'at-pickup' });
    const { calls } = render({
      'trip.get': () => current,
      'trip.stage': ({ stage }) => {
        current = trip({ stages: [...current.stages, stageRow(stage, 'Departed', 0)], current: stage });
        return current;
      },
    });
    const stages = await screen.findByRole('list', { name: 'Trip stages' });
    const items = within(stages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'At the pick-up9:30 am',
      'Departed–',
      'At Tuas Checkpoint–',
      'Cleared Tuas Checkpoint–',
      'At Sultan Abu Bakar CIQ–',
      'Cleared Sultan Abu Bakar CIQ–',
      'Arrived–',
    ]);
    expect(items[0]?.getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByRole('button', { name: 'Mark: Departed' }));
    await waitFor(() => expect(screen.getByTestId('trip-current').textContent).toBe('Departed'));
    expect(calls.find((call) => call.path === 'trip.stage')?.input).toEqual({ rideId: 7, stage: 'departed' });
    expect(await screen.findByText('Departed: the party was told')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark: At Tuas Checkpoint' })).toBeTruthy();
  });

  it('says from when the next stage may be marked while the clock does not allow it yet', async () => {
    const later = { ...RIDE, date: new Date(TEST_NOW.getTime() + 40 * MINUTE).toISOString() };
    const { unmount } = render(
      { 'trip.get': () => trip({ stages: [stageRow('at-pickup', 'At the pick-up', 5)], current: 'at-pickup' }) },
      { ride: later },
    );
    expect((await screen.findByTestId('trip-stage-opens')).textContent).toBe(
      '“Departed” can be marked from 10:10 am, 30 minutes before departure.',
    );
    expect(screen.getByRole('button', { name: 'Mark: Departed' })).toBeTruthy();
    unmount();
    render(
      { 'trip.get': () => trip({ stages: [stageRow('departed', 'Departed', 5)], current: 'departed' }) },
      { ride: { ...later, date: new Date(TEST_NOW.getTime() + 20 * MINUTE).toISOString() }, departEarlyMinutes: 10 },
    );
    await screen.findByRole('button', { name: 'Mark: At Tuas Checkpoint' });
    expect(screen.getByTestId('trip-stage-opens').textContent).toBe(
      '“At Tuas Checkpoint” can be marked from 10:10 am, 10 minutes before departure.',
    );
  });

  it('says nothing of the clock once the stage may be marked', async () => {
    render({ 'trip.get': () => trip() });
    await screen.findByRole('button', { name: 'Mark: At the pick-up' });
    expect(screen.queryByTestId('trip-stage-opens')).toBeNull();
  });

  it('lets the poster undo within 10 minutes only', async () => {
    let current = trip({ stages: [stageRow('departed', 'Departed', 10)], current: 'departed' });
    const { calls, unmount } = render({
      'trip.get': () => current,
      'trip.undo': () => {
        current = trip();
        return current;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo "Departed"' }));
    await waitFor(() => expect(screen.getByTestId('trip-current').textContent).toBe('Not started'));
    expect(calls.some((call) => call.path === 'trip.undo')).toBe(true);
    unmount();
    render({ 'trip.get': () => trip({ stages: [stageRow('departed', 'Departed', 11)], current: 'departed' }) });
    await screen.findByRole('list', { name: 'Trip stages' });
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('asks before marking the trip arrived, and lets the poster take arrived back within 10 minutes', async () => {
    const cleared = stageRow('cleared-entry-checkpoint', 'Cleared Sultan Abu Bakar CIQ', 30);
    let current = trip({ stages: [cleared], current: 'cleared-entry-checkpoint' });
    const { calls } = render({
      'trip.get': () => current,
      'trip.stage': ({ stage }) => {
        current = trip({ stages: [cleared, stageRow(stage, 'Arrived', 0)], current: stage });
        return current;
      },
      'trip.undo': () => {
        current = trip({ stages: [cleared], current: 'cleared-entry-checkpoint' });
        return current;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark: Arrived' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the trip as arrived?' });
    expect(dialog.textContent).toContain('You can take it back within 10 minutes.');
    expect(calls.some((call) => call.path === 'trip.stage')).toBe(false);
    // Cancel leaves the trip as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === 'trip.stage')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mark: Arrived' }));
    const again = await screen.findByRole('dialog', { name: 'Mark the trip as arrived?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Mark: Arrived' }));
    await waitFor(() => expect(screen.getByTestId('trip-current').textContent).toBe('Arrived'));
    expect(calls.find((call) => call.path === 'trip.stage')?.input).toEqual({ rideId: 7, stage: 'arrived' });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo "Arrived"' }));
    await waitFor(() => expect(screen.getByTestId('trip-current').textContent).toBe('Cleared Sultan Abu Bakar CIQ'));
  });

  it('tells a rider marked as not showing up, on the card', async () => {
    render(
      { 'trip.get': () => trip({ stages: [stageRow('departed', 'Departed', 5)], current: 'departed', noShows: [31] }) },
      { viewerId: 2, crew: false, rider: true },
    );
    const alert = await screen.findByTestId('trip-no-show');
    expect(alert.textContent).toContain('You were marked as not showing up');
    expect(alert.textContent).toContain('say so in the ride chat');
  });

  it('does not tell a rider who was not marked', async () => {
    render(
      { 'trip.get': () => trip({ stages: [stageRow('departed', 'Departed', 5)], current: 'departed', noShows: [32] }) },
      { viewerId: 2, crew: false, rider: true },
    );
    await screen.findByRole('list', { name: 'Trip stages' });
    expect(screen.queryByTestId('trip-no-show')).toBeNull();
  });

  it('shows the organizer every live link with who made it, and revokes one', async () => {
    let links = [
      {
        id: 4,
        madeBy: { id: 2, name: 'Paul' },
        mine: false,
        createdAt: ago(30),
        expiresAt: TEST_NOW.toISOString(),
      },
      { id: 5, madeBy: { id: 1, name: 'Olivia' }, mine: true, createdAt: ago(5), expiresAt: TEST_NOW.toISOString() },
    ];
    const { calls } = render(
      {
        'trip.get': () => trip(),
        'trip.shares': () => links,
        'trip.revokeShareLink': ({ linkId }) => {
          links = links.filter((link) => link.id !== linkId);
          return { revoked: true as const };
        },
      },
      { viewerId: 1 },
    );
    const list = await screen.findByRole('list', { name: 'Links shared for this trip' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(',')[0]),
    ).toEqual(['Paul', 'You']);
    fireEvent.click(within(list).getByRole('button', { name: /^Revoke the link Paul shared/ }));
    expect(await screen.findByText('Link revoked: it no longer opens the trip')).toBeTruthy();
    expect(calls.find((call) => call.path === 'trip.revokeShareLink')?.input).toEqual({ rideId: 7, linkId: 4 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Links shared for this trip' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('a rider says they are running late with one of the four choices; no stage button for them', async () => {
    let current = trip();
    const { calls } = render(
      {
        'trip.get': () => current,
        'trip.late': ({ minutes }) => {
          current = trip({ late: [{ userId: 2, name: 'Paul', minutes, at: TEST_NOW.toISOString() }] });
          return current;
        },
      },
      { viewerId: 2, crew: false, rider: true },
    );
    const late = await screen.findByRole('button', { name: "I'm running late" });
    expect(screen.queryByRole('button', { name: /^Mark:/ })).toBeNull();
    fireEvent.click(late);
    const choices = screen.getByRole('group', { name: 'How late are you running?' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['5 minutes', '10 minutes', '15 minutes', '30 minutes']);
    fireEvent.click(within(choices).getByRole('button', { name: '10 minutes' }));
    expect((await screen.findByTestId('trip-late')).textContent).toContain('Paul: 10 minutes late (said at 10:00 am)');
    expect(calls.find((call) => call.path === 'trip.late')?.input).toEqual({ rideId: 7, minutes: 10 });
  });

  it('after departure the crew marks a no-show, never the organizer’s own party', async () => {
    let current = trip({ stages: [stageRow('departed', 'Departed', 20)], current: 'departed' });
    const { calls } = render({
      'trip.get': () => current,
      'trip.markNoShow': ({ passengerId }) => {
        current = { ...current, noShows: [passengerId] };
        return current;
      },
    });
    const paul = await screen.findByRole('switch', { name: 'Paul did not show up' });
    expect(screen.queryByRole('switch', { name: 'Olivia did not show up' })).toBeNull();
    // The switches sit in their own section, below the stage button and the share controls.
    const stageButton = screen.getByRole('button', { name: 'Mark: At Tuas Checkpoint' });
    const group = screen.getByRole('group', { name: 'Who did not show up?' });
    expect(group.contains(stageButton)).toBe(false);
    expect(stageButton.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Share trip' }).compareDocumentPosition(group) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    fireEvent.click(paul);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Paul did not show up' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(calls.find((call) => call.path === 'trip.markNoShow')?.input).toEqual({ rideId: 7, passengerId: 31 });
  });

  it('hides the no-show switches and shows the late choice before departure', async () => {
    render({ 'trip.get': () => trip() }, { rider: true });
    await screen.findByRole('list', { name: 'Trip stages' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: "I'm running late" })).toBeTruthy();
  });

  it('copies a share link', async () => {
    render({
      'trip.get': () => trip(),
      'trip.share': () => ({
        token: 'abcDEF123_-xyz456789012345678901234567890123',
        url: 'x',
        expiresAt: TEST_NOW.toISOString(),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Share trip' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/t/abcDEF123_-xyz456789012345678901234567890123`,
      ),
    );
    expect(await screen.findByText('Trip link copied')).toBeTruthy();
  });

  it('follows trip.changed live events without a reload', async () => {
    let current = trip();
    const { live } = render({ 'trip.get': () => current });
    await screen.findByRole('list', { name: 'Trip stages' });
    await waitFor(() => expect(live.open).toBe(1));
    current = trip({
      stages: [stageRow('at-exit-checkpoint', 'At Tuas Checkpoint', 1)],
      current: 'at-exit-checkpoint',
    });
    live.emit({ type: 'trip.changed', rideId: 7, version: 1 });
    await waitFor(() => expect(screen.getByTestId('trip-current').textContent).toBe('At Tuas Checkpoint'));
    // The stages it went past without a tap read as skipped.
    expect(screen.getAllByText('(skipped)', { exact: false })).toHaveLength(2);
  });

  it('says so when the trip cannot be loaded', async () => {
    render({
      'trip.get': () => {
        throw apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await screen.findByText('Could not load the trip')).toBeTruthy();
  });
});
