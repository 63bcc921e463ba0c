import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  makePassengerEntry,
  makeRideDetail,
  renderWithProviders,
  type ApiHandlers,
  type TestPassengerEntry,
} from '../../test-utils';
import { SequencePanel, type SequencePanelRide } from './sequence-panel';

type Entry = TestPassengerEntry;

function entry(id: number, name: string, sequence: number | null, location: string): Entry {
  return makePassengerEntry(id, id + 100, name, { dropoffLocation: location, dropoffSequence: sequence });
}

function setup(initial: Entry[], ride: SequencePanelRide, overrides: ApiHandlers = {}) {
  let stored = initial;
  const api: ApiHandlers = {
    'passenger.list': () => stored,
    'sequence.set': ({ passengerId, sequence }) => {
      const placed = stored.filter((item) => item.dropoffSequence !== null && item.id !== passengerId);
      placed.sort((a, b) => (a.dropoffSequence ?? 0) - (b.dropoffSequence ?? 0));
      const moved = stored.find((item) => item.id === passengerId);
      if (moved) placed.splice(sequence - 1, 0, moved);
      stored = placed.map((item, index) => ({ ...item, dropoffSequence: index + 1 }));
      return stored;
    },
    'sequence.mergeStops': ({ passengerId, intoPassengerId }) => {
      const into = stored.find((item) => item.id === intoPassengerId);
      stored = stored.map((item) =>
        item.id === passengerId && into ? { ...item, dropoffLocation: into.dropoffLocation } : item,
      );
      return stored;
    },
    'ride.byId': () => makeRideDetail({ direction: ride.direction }),
    ...overrides,
  };
  const result = renderWithProviders(<SequencePanel ride={ride} />, { api });
  return { ...result, calls: result.calls };
}

const rowOf = (name: string) =>
  screen.getAllByTestId('sequence-row').find((row) => row.querySelector('[data-sequence-name]')?.textContent === name);

describe('SequencePanel on a Singapore to Forest City ride', () => {
  it('orders the pick-ups in the words of the direction', async () => {
    setup([entry(1, 'Ann', null, 'Bedok'), entry(2, 'Ben', null, 'Jurong East')], {
      id: 7,
      direction: 'SG->FC',
      sequenceLocked: false,
    });
    expect(await screen.findByRole('list', { name: 'Pick-up sequence' })).toBeTruthy();
    expect(screen.getByText(/set the order the car picks passengers up/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lock Sequence' }));
    expect(await screen.findByText('Lock the pick-up order?')).toBeTruthy();
  });

  it('shows a late joiner of a locked order as not placed yet, and places them once', async () => {
    const { calls } = setup(
      [
        entry(1, 'Cai', 1, 'Jurong East'),
        entry(2, 'Ben', 2, 'Clementi'),
        entry(3, 'Olivia', 3, 'Bedok'),
        entry(4, 'Dan', null, 'Tampines'),
      ],
      { id: 7, direction: 'SG->FC', sequenceLocked: true },
    );
    await screen.findAllByTestId('sequence-row');
    expect(screen.getByText('The pick-up order is locked.')).toBeTruthy();
    const dan = rowOf('Dan');
    if (!dan) throw new Error('no row for Dan');
    expect(within(dan).getByText('Not placed yet')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Move (up|down): / })).toHaveLength(0);
    fireEvent.change(within(dan).getByLabelText('Place Dan at'), { target: { value: '2' } });
    fireEvent.click(within(dan).getByRole('button', { name: 'Place' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'sequence.set').map((call) => call.input)).toEqual([
        { rideId: 7, passengerId: 4, sequence: 2 },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Not placed yet')).toBeNull());
    const placed = rowOf('Dan');
    expect(placed && within(placed).getByText('Stop #2')).toBeTruthy();
  });

  it('merges two spellings of one stop after a confirmation', async () => {
    const { calls } = setup(
      [
        entry(1, 'Ben', 1, 'Clementi MRT exit B'),
        entry(2, 'Cai', 2, 'Jurong East'),
        entry(3, 'Dan', 3, 'Clementi MRT, Exit B (bus stop)'),
      ],
      { id: 7, direction: 'SG->FC', sequenceLocked: false },
    );
    await screen.findAllByTestId('sequence-row');
    fireEvent.click(screen.getByRole('button', { name: 'Merge two stops' }));
    const merge = screen.getByRole('region', { name: 'Merge two stops' });
    // The two spellings that look alike are chosen to begin with.
    expect((within(merge).getByLabelText('Merge the stop of') as HTMLSelectElement).value).toBe('3');
    expect((within(merge).getByLabelText('into the stop of') as HTMLSelectElement).value).toBe('1');
    fireEvent.click(within(merge).getByRole('button', { name: 'Merge stops' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The ride counts one stop fewer/)).toBeTruthy();
    expect(calls.some((call) => call.path === 'sequence.mergeStops')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge stops' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'sequence.mergeStops').map((call) => call.input)).toEqual([
        { rideId: 7, passengerId: 3, intoPassengerId: 1 },
      ]),
    );
    expect(await screen.findByText('Stops merged')).toBeTruthy();
  });
});
