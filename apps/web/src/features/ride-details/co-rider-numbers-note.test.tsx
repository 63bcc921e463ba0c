import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { CoRiderNumbersNote } from './co-rider-numbers-note';

const HOUR = 3_600_000;
const ride = { id: 7, date: '2031-03-10T02:00:00.000Z', creatorId: 50 };
const opensAt = new Date(Date.parse(ride.date) - 48 * HOUR);

function render(viewerId: number, now: Date) {
  return renderWithProviders(<CoRiderNumbersNote ride={ride} viewerId={viewerId} hoursBefore={48} now={now} />, {
    path: '/rides/:id',
    route: '/rides/7',
    api: {},
  });
}

describe('CoRiderNumbersNote', () => {
  it('tells a passenger when the numbers show (Singapore time) and links the ride chat', async () => {
    render(2, new Date(opensAt.getTime() - 1));
    const note = await screen.findByTestId('co-rider-numbers-note');
    expect(note.textContent).toContain(
      "Your co-riders' phone numbers show from Sat, 8 Mar 2031, 10:00 am (48 hours before departure).",
    );
    expect(screen.getByRole('link', { name: 'ride chat' }).getAttribute('href')).toBe('/rides/7?tab=chat');
  });

  it('says nothing once the window is open, nor to the organiser', () => {
    const { unmount } = render(2, opensAt);
    expect(screen.queryByTestId('co-rider-numbers-note')).toBeNull();
    unmount();
    render(50, new Date(opensAt.getTime() - HOUR));
    expect(screen.queryByTestId('co-rider-numbers-note')).toBeNull();
  });
});
