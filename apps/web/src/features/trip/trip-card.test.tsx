import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, mockClipboard, renderWithProviders, TEST_NOW, type ApiHandlers } from '../../test-utils';
import { makePassengerEntry, makeUser } from '../../test-utils/fixtures';
import { LiveUpdates } from '../live/live-updates';
import { TripCard, type TripCardProps } from './trip-card';
import type { TripView } from '../../lib/api-types';

const writeText = mockClipboard();

const RIDE = { id: 7, direction: 'SG->FC' as const, crossing: 'second-link' as const, creatorId: 1 };
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
    { api: { 'auth.me': () => makeUser({ id: props.viewerId ?? 9 }), ...api } },
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
    fireEvent.click(screen.getByRole('button', { name: 'Next stage: Departed' }));
    await waitFor(() => expect(screen.getByTestId('trip-current').textContent).toBe('Departed'));
    expect(calls.find((call) => call.path === 'trip.stage')?.input).toEqual({ rideId: 7, stage: 'departed' });
    expect(await screen.findByText('Departed: the party was told')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next stage: At Tuas Checkpoint' })).toBeTruthy();
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
    expect(screen.queryByRole('button', { name: /^Next stage/ })).toBeNull();
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
