import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  apiError,
  makePassengerEntry,
  makeRideDetail,
  renderWithProviders,
  type ApiHandlers,
  type TestPassengerEntry,
} from '../../test-utils';
import { SequencePanel, type SequencePanelRide } from './sequence-panel';

type Entry = TestPassengerEntry;

function entry(id: number, name: string, sequence: number | null, location = `${name}'s place`): Entry {
  const base = makePassengerEntry(id, id + 100, name, { dropoffLocation: location, dropoffSequence: sequence });
  return { ...base, user: base.user && { ...base.user, discordUsername: name.toLowerCase() } };
}

/** The server's answer to a move: the list in the new order, renumbered 1..n. */
function serverMove(list: Entry[], passengerId: number, sequence: number): Entry[] {
  const sorted = [...list].sort((a, b) => (a.dropoffSequence ?? 99) - (b.dropoffSequence ?? 99) || a.id - b.id);
  const from = sorted.findIndex((item) => item.id === passengerId);
  const [moved] = sorted.splice(from, 1);
  if (moved) sorted.splice(sequence - 1, 0, moved);
  return sorted.map((item, index) => ({ ...item, dropoffSequence: index + 1 }));
}

const moveButtons = () =>
  screen.getAllByRole('button', { name: /^Move (up|down): / }).map((button) => button as HTMLButtonElement);

const rowNames = () =>
  screen.getAllByTestId('sequence-row').map((row) => row.querySelector('[data-sequence-name]')?.textContent ?? '');

// happy-dom lays nothing out; dnd-kit's keyboard moves need each row's box, so rows are stacked
// 60px apart in DOM order.
const originalRect = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
    const row = this.closest('[data-testid="sequence-row"]');
    if (!row?.parentElement) return originalRect.call(this);
    const index = Array.from(row.parentElement.children).indexOf(row);
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) };
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = originalRect;
});

function setup(
  initial: Entry[],
  overrides: ApiHandlers = {},
  ride: SequencePanelRide = { id: 7, direction: 'FC->SG', sequenceLocked: false },
) {
  let stored = initial;
  const api: ApiHandlers = {
    'passenger.list': () => stored,
    'sequence.set': ({ passengerId, sequence }) => {
      stored = serverMove(stored, passengerId, sequence);
      return stored;
    },
    'sequence.lock': () => {
      stored = serverMove(stored, stored[0]?.id ?? 0, 1);
      return stored;
    },
    'ride.byId': () => makeRideDetail({ direction: 'FC->SG' }),
    ...overrides,
  };
  const result = renderWithProviders(<SequencePanel ride={ride} />, { api });
  return { ...result, calls: result.calls };
}

async function pressOn(element: HTMLElement, code: string) {
  await act(async () => {
    fireEvent.keyDown(element, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('SequencePanel', () => {
  it('shows the loading text, then the passengers in drop-off order with unnumbered last', async () => {
    setup([entry(1, 'Ann', null), entry(2, 'Ben', 2), entry(3, 'Cat', 1)]);
    expect(screen.getByText('Loading passengers...')).toBeTruthy();
    await screen.findAllByTestId('sequence-row');
    expect(rowNames()).toEqual(['Cat', 'Ben', 'Ann']);
    const badges = screen
      .getAllByTestId('sequence-row')
      .map((row) => within(row).getAllByText(/Stop #|No stop yet/)[0]?.textContent);
    expect(badges).toEqual(['Stop #1', 'Stop #2', 'No stop yet']);
  });

  it('says when nobody has joined yet', async () => {
    setup([]);
    expect(await screen.findByText('No passengers have joined this ride yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lock Sequence' })).toBeNull();
  });

  it('moves a passenger with the keyboard, renumbers at once and sends the new stop', async () => {
    const { calls } = setup([entry(1, 'Ann', null), entry(2, 'Ben', null), entry(3, 'Cat', null)]);
    const handle = await screen.findByRole('button', { name: 'Move Ann, currently stop 1 of 3' });
    handle.focus();
    await pressOn(handle, 'Space');
    await pressOn(handle, 'ArrowDown');
    await pressOn(handle, 'ArrowDown');
    await pressOn(handle, 'Space');

    await waitFor(() => expect(rowNames()).toEqual(['Ben', 'Cat', 'Ann']));
    const sent = calls.filter((call) => call.path === 'sequence.set').map((call) => call.input);
    expect(sent).toEqual([{ rideId: 7, passengerId: 1, sequence: 3 }]);
    expect(await screen.findByText('Passenger sequence updated')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    const badges = screen
      .getAllByTestId('sequence-row')
      .map((row) => within(row).getAllByText(/Stop #/)[0]?.textContent);
    expect(badges).toEqual(['Stop #1', 'Stop #2', 'Stop #3']);
  });

  it('puts the old order back and shows the error when the server refuses a move', async () => {
    const { calls } = setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2)], {
      'sequence.set': () => {
        throw apiError('CONFLICT', 'The drop-off sequence is locked', 'SEQUENCE_LOCKED');
      },
    });
    const handle = await screen.findByRole('button', { name: 'Move Ann, currently stop 1 of 2' });
    handle.focus();
    await pressOn(handle, 'Space');
    await pressOn(handle, 'ArrowDown');
    await pressOn(handle, 'Space');

    expect(await screen.findByText('The drop-off sequence is locked')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'sequence.set').map((call) => call.input)).toEqual([
      { rideId: 7, passengerId: 1, sequence: 2 },
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['Ann', 'Ben']));
  });

  it('locks the sequence: toast, no more handles, no lock button', async () => {
    const { calls } = setup([entry(1, 'Ann', null), entry(2, 'Ben', null)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lock Sequence' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock Sequence' }));
    expect(await screen.findByText('Sequence locked successfully')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'sequence.lock').map((call) => call.input)).toEqual([{ rideId: 7 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Lock Sequence' })).toBeNull());
    expect(screen.queryAllByRole('button', { name: /currently stop/ })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Move (up|down): / })).toHaveLength(0);
    expect(screen.getByText('Sequence locked')).toBeTruthy();
  });

  it('shows the error and keeps the button when locking fails', async () => {
    setup([entry(1, 'Ann', null)], {
      'sequence.lock': () => {
        throw apiError('FORBIDDEN', 'Only the ride organizer can lock the drop-off sequence', 'NOT_CREATOR');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Lock Sequence' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock Sequence' }));
    expect(await screen.findByText('Only the ride organizer can lock the drop-off sequence')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock Sequence' })).toBeTruthy();
  });

  it('numbers stops as every screen does: two entries at one place are one stop', async () => {
    setup([entry(1, 'Ann', 1, 'Bedok MRT'), entry(2, 'Ben', 2, 'Jurong East'), entry(3, 'Cat', 3, 'bedok mrt.')]);
    const rows = await screen.findAllByTestId('sequence-row');
    expect(rows.map((row) => within(row).getByText(/^(Stop #\d+|No stop yet)$/).textContent)).toEqual([
      'Stop #1',
      'Stop #2',
      'Stop #1',
    ]);
  });

  it('a ride already locked cannot be reordered', async () => {
    setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2)], {}, { id: 7, direction: 'FC->SG', sequenceLocked: true });
    await screen.findAllByTestId('sequence-row');
    expect(screen.queryByRole('button', { name: 'Lock Sequence' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /currently stop/ })).toHaveLength(0);
    // A locked order shows no move controls at all.
    expect(screen.queryAllByRole('button', { name: /^Move (up|down)/ })).toHaveLength(0);
  });

  it('everyone numbered is not a lock: the organiser can still reorder', async () => {
    setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2)]);
    expect(await screen.findByRole('button', { name: 'Lock Sequence' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /currently stop/ })).toHaveLength(2);
  });
});

describe('SequencePanel, Move up / Move down buttons', () => {
  const status = () => screen.getByTestId('sequence-move-status');

  it('are disabled at the ends only', async () => {
    setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2), entry(3, 'Cat', 3)]);
    await screen.findAllByTestId('sequence-row');
    expect(moveButtons().map((button) => [button.getAttribute('aria-label'), button.disabled])).toEqual([
      ['Move up: Ann', true],
      ['Move down: Ann', false],
      ['Move up: Ben', false],
      ['Move down: Ben', false],
      ['Move up: Cat', false],
      ['Move down: Cat', true],
    ]);
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().getAttribute('role')).toBe('status');
  });

  it('moves down with one click: renumbers at once, sends the same call as a drag, announces it', async () => {
    const { calls } = setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2), entry(3, 'Cat', 3), entry(4, 'Dan', 4)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move down: Ann' }));
    expect(rowNames()).toEqual(['Ben', 'Ann', 'Cat', 'Dan']);
    expect(status().textContent).toBe('Ann moved to stop 2 of 4');
    expect(await screen.findByText('Passenger sequence updated')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'sequence.set').map((call) => call.input)).toEqual([
      { rideId: 7, passengerId: 1, sequence: 2 },
    ]);
    // The focus follows the moved row.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move down: Ann'));
  });

  it('moves up to the top; the focus goes to the row’s other button there', async () => {
    const { calls } = setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2), entry(3, 'Cat', null)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move up: Ben' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ben', 'Ann', 'Cat']));
    expect(status().textContent).toBe('Ben moved to stop 1 of 3');
    expect(calls.filter((call) => call.path === 'sequence.set').map((call) => call.input)).toEqual([
      { rideId: 7, passengerId: 2, sequence: 1 },
    ]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move down: Ben'));
    expect((screen.getByRole('button', { name: 'Move up: Ben' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the old order back and says so when the server refuses', async () => {
    setup([entry(1, 'Ann', 1), entry(2, 'Ben', 2)], {
      'sequence.set': () => {
        throw apiError('CONFLICT', 'The drop-off sequence is locked', 'SEQUENCE_LOCKED');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move down: Ann' }));
    expect(await screen.findByText('The drop-off sequence is locked')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Ann', 'Ben']));
    expect(status().textContent).toBe('Ann could not be moved; the order is back as it was.');
  });
});
