import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, inDays, makeRecord, makeRideDetail, renderWithProviders, TEST_NOW } from '../../test-utils';
import { RideOrganizerCard } from '../ride-details/ride-details-tab';
import { MyRecordCard } from './my-record-card';
import { recordFacts } from './record-facts';
import { RecordLine } from './record-line';
import { ThumbsAdminCard } from './thumbs-admin-card';
import { ThumbsCard } from './thumbs-card';
import type { RideThumbsAnswer } from './use-record';

const SEASONED = makeRecord({
  tripsCompleted: 12,
  asOrganizer: { completed: 4, cancelledLate: 1, removedLate: 0 },
  asRider: { completed: 8, noShows: 2, leftLate: 1 },
  asVendor: null,
  thumbs: { up: 9, down: 1 },
});

describe('recordFacts', () => {
  it('reads "New member" for a record with nothing on it', () => {
    expect(recordFacts(makeRecord(), 'organizer')).toEqual(['New member']);
    expect(recordFacts(makeRecord({ asVendor: { completed: 0, onTime: 0, late: 0 } }), 'vendor')).toEqual([
      'New member',
    ]);
  });

  it("says an organiser's late removals beside their late cancellations, and counts them as something on the record", () => {
    const removing = { ...SEASONED, asOrganizer: { ...SEASONED.asOrganizer, removedLate: 2 } };
    expect(recordFacts(removing, 'organizer').slice(-2)).toEqual(['1 late cancellation', '2 late removals']);
    expect(recordFacts(removing, 'rider')).not.toContain('2 late removals');
    expect(
      recordFacts(makeRecord({ asOrganizer: { completed: 0, cancelledLate: 0, removedLate: 1 } }), 'organizer'),
    ).toEqual(['0 trips completed', '0 thumbs up', '0 thumbs down', '1 late removal']);
  });

  it('picks what matters for each role', () => {
    expect(recordFacts(SEASONED, 'organizer')).toEqual([
      '12 trips completed',
      '9 thumbs up',
      '1 thumb down',
      '1 late cancellation',
    ]);
    expect(recordFacts(SEASONED, 'rider')).toEqual([
      '12 trips completed',
      '9 thumbs up',
      '1 thumb down',
      '2 no-shows',
      '1 late leave',
    ]);
    const vendor = makeRecord({
      tripsCompleted: 3,
      asVendor: { completed: 3, onTime: 2, late: 1 },
      thumbs: { up: 1, down: 0 },
    });
    expect(recordFacts(vendor, 'vendor')).toEqual([
      '3 trips driven',
      '2 on time',
      '1 late',
      '1 thumb up',
      '0 thumbs down',
    ]);
  });
});

describe('RideOrganizerCard', () => {
  it("shows the organiser's record with their late cancellations", async () => {
    renderWithProviders(<RideOrganizerCard ride={makeRideDetail()} />, { api: { 'record.get': () => SEASONED } });
    const card = within(await screen.findByRole('region', { name: 'Ride Organizer' }));
    expect(await card.findByText('12 trips completed · 9 thumbs up · 1 thumb down · 1 late cancellation')).toBeTruthy();
  });
});

describe('RecordLine', () => {
  it('shows a new member as "New member" and a seasoned one with counts', async () => {
    renderWithProviders(
      <>
        <RecordLine userId={5} role="rider" />
        <RecordLine userId={6} role="organizer" />
      </>,
      { api: { 'record.get': ({ userId }) => (userId === 6 ? SEASONED : makeRecord()) } },
    );
    expect(await screen.findByText('New member')).toBeTruthy();
    expect(
      await screen.findByText('12 trips completed · 9 thumbs up · 1 thumb down · 1 late cancellation'),
    ).toBeTruthy();
  });

  it('says so quietly when the record cannot be loaded', async () => {
    renderWithProviders(<RecordLine userId={5} role="rider" />, {
      api: { 'record.get': () => Promise.reject(apiError('INTERNAL_SERVER_ERROR', 'Down')) },
    });
    expect(await screen.findByText('Record unavailable')).toBeTruthy();
  });
});

const CARD: RideThumbsAnswer = {
  open: true,
  closesAt: inDays(10),
  subjects: [
    { id: 50, name: 'Olivia', role: 'organizer' as const, discordVerified: true },
    { id: 60, name: 'Acme Cabs', role: 'vendor' as const, discordVerified: false },
  ],
  given: [{ subjectId: 60, value: 'down' as const, note: 'Late', createdAt: inDays(-1), updatedAt: inDays(-1) }],
};

describe('ThumbsCard', () => {
  it('gives the organiser a thumb up with a note and shows the change form after', async () => {
    let given = CARD.given;
    const { calls } = renderWithProviders(<ThumbsCard rideId={7} />, {
      api: {
        'record.ride': () => ({ ...CARD, given }),
        'record.rate': (input) => {
          const thumb = {
            subjectId: input.subjectId,
            value: input.value,
            note: input.note ?? null,
            createdAt: TEST_NOW.toISOString(),
            updatedAt: TEST_NOW.toISOString(),
          };
          given = [...given, thumb];
          return thumb;
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Thumbs' }));
    expect(await card.findByText('Olivia')).toBeTruthy();
    // Olivia's name is her verified Discord name; Acme Cabs' is not (docs/sign-in.md#verified).
    const subjects = card.getAllByTestId('thumb-subject');
    expect(within(subjects[0] as HTMLElement).getByTestId('verified-mark').textContent).toBe('verified');
    expect(within(subjects[1] as HTMLElement).queryByTestId('verified-mark')).toBeNull();
    expect(card.getByRole('button', { name: 'Thumb down for Acme Cabs' }).getAttribute('aria-pressed')).toBe('true');
    const save = card.getByRole('button', { name: 'Save thumb for Olivia' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(card.getByRole('button', { name: 'Thumb up for Olivia' }));
    fireEvent.change(card.getByLabelText('Note for Olivia (optional)'), {
      target: { value: '  Friendly and on time ' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'record.rate')?.input).toEqual({
        rideId: 7,
        subjectId: 50,
        value: 'up',
        note: 'Friendly and on time',
      }),
    );
    expect(await card.findByRole('button', { name: 'Change thumb for Olivia' })).toBeTruthy();
    expect(await screen.findByText('Thumb up saved')).toBeTruthy();
  });

  it('shows what was given, read-only, once thumbs closed', async () => {
    renderWithProviders(<ThumbsCard rideId={7} />, {
      api: { 'record.ride': () => ({ ...CARD, open: false, closesAt: inDays(-1) }) },
    });
    const card = within(await screen.findByRole('region', { name: 'Thumbs' }));
    expect(await card.findByText(/Thumbs closed on/)).toBeTruthy();
    expect(card.getByText('Your note: Late')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Thumb up for Olivia' }).hasAttribute('disabled')).toBe(true);
    expect(card.queryByRole('button', { name: /Save thumb/ })).toBeNull();
  });

  it('shows a refusal as a toast', async () => {
    renderWithProviders(<ThumbsCard rideId={7} />, {
      api: {
        'record.ride': () => CARD,
        'record.rate': () => {
          throw apiError('CONFLICT', 'Thumbs close 14 days after the ride was completed', 'RATING_CLOSED');
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Thumbs' }));
    fireEvent.click(await card.findByRole('button', { name: 'Thumb up for Olivia' }));
    fireEvent.click(card.getByRole('button', { name: 'Save thumb for Olivia' }));
    expect(await screen.findByText('Thumbs close 14 days after the ride was completed')).toBeTruthy();
  });
});

describe('MyRecordCard', () => {
  it('explains each count and lists the notes without who left them', async () => {
    renderWithProviders(<MyRecordCard userId={2} />, {
      api: {
        'record.get': () => SEASONED,
        'record.received': () => [
          { id: 1, value: 'up' as const, note: 'Great company' },
          { id: 2, value: 'down' as const, note: null },
        ],
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Your record' }));
    expect(await card.findByText('Late cancellations: 1')).toBeTruthy();
    expect(card.getByText(/cancelled within 24 hours of departure with other riders/)).toBeTruthy();
    expect(card.getByText('No-shows: 2')).toBeTruthy();
    expect(card.queryByText('As driver')).toBeNull();
    expect(card.getByText('Late removals: 0')).toBeTruthy();
    expect(card.getByText(/removed a rider within 24 hours of departure/)).toBeTruthy();
    expect(await card.findByText('Up: Great company')).toBeTruthy();
    // Neither the ride nor its date: nothing that points to who wrote it.
    expect(card.queryAllByText(/SG.*FC|Forest City/)).toHaveLength(0);
    expect(card.getAllByRole('listitem').filter((item) => item.textContent?.startsWith('Down:'))).toHaveLength(0);
    expect(card.queryByText('New member')).toBeNull();
  });

  it('reads "New member" for a member with nothing on it', async () => {
    renderWithProviders(<MyRecordCard userId={2} />);
    const card = within(await screen.findByRole('region', { name: 'Your record' }));
    expect(await card.findByText('New member')).toBeTruthy();
    expect(await card.findByText('No notes yet.')).toBeTruthy();
  });
});

describe('ThumbsAdminCard', () => {
  it('lists thumbs with who gave them to whom and removes one', async () => {
    let thumbs = [
      {
        id: 3,
        rideId: 7,
        rideDirection: 'FC->SG' as const,
        rideDate: inDays(-3),
        value: 'down' as const,
        note: 'Rude words',
        updatedAt: inDays(-2),
        rater: { id: 5, name: 'Paul' },
        subject: { id: 50, name: 'Olivia' },
      },
    ];
    const { calls } = renderWithProviders(<ThumbsAdminCard />, {
      api: {
        'record.adminList': () => thumbs,
        'record.adminRemove': () => {
          thumbs = [];
          return { ok: true as const };
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Thumbs' }));
    expect(await card.findByText('Rude words')).toBeTruthy();
    expect(card.getByText('Paul → Olivia')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Remove the thumb Paul gave Olivia' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'record.adminRemove')?.input).toEqual({ ratingId: 3 }),
    );
    expect(await card.findByText('No thumbs yet.')).toBeTruthy();
  });
});
