import type { ShareRide } from '@rideshare/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockClipboard, renderWithProviders } from '../../test-utils';
import { ShareButton } from './share-button';

const ride: ShareRide & { id: number } = {
  id: 7,
  direction: 'FC->SG',
  date: '2026-12-05T07:30:00.000Z',
  pickupLocation: 'Forest City',
  dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
  currentPassengers: 2,
  maxPassengers: 4,
  cost: 80,
  additionalStops: 0,
  creatorName: 'Olivia',
};

const writeText = mockClipboard();

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
});

describe('ShareButton', () => {
  it("copies the ride's link and no rider's name or stop when the browser cannot share", async () => {
    renderWithProviders(<ShareButton ride={ride} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text).toBe(
      [
        'RideShare: FC->SG Sat, 5 Dec 2026, 3:30 pm',
        'Forest City to Singapore, Sat, 5 Dec 2026, 3:30 pm',
        '2 seats left · about SGD 20.00 per person when full',
        `See the ride and join: ${window.location.origin}/rides/7`,
      ].join('\n'),
    );
    expect(text).not.toContain('Olivia');
    expect(text).not.toContain('Tampines');
  });

  it('copies the full trip summary for the organiser when asked', async () => {
    renderWithProviders(<ShareButton ride={ride} label="Share Summary" summary />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share Summary' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text.split('\n')[0]).toBe('RideShare: FC->SG Sat, 5 Dec 2026, 3:30 pm');
    expect(text).toContain('Passengers: 2/4');
    expect(text).toContain('Organizer: Olivia');
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('uses the share sheet when there is one, titled with the group name', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderWithProviders(<ShareButton ride={ride} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = share.mock.calls[0]?.[0];
    expect(data?.title).toBe('RideShare: FC->SG Sat, 5 Dec 2026, 3:30 pm');
    expect(data?.url).toBe(`${window.location.origin}/rides/7`);
    expect(data?.text).toContain('2 seats left');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('does nothing more when the user dismisses the share sheet', async () => {
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.reject(abort));
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderWithProviders(<ShareButton ride={ride} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    // The sheet's refusal has reached the button's handler (its rejection settled, then the
    // handler's own continuation ran): whatever it would do, it has done.
    await act(async () => {
      await share.mock.results[0]?.value.catch(() => undefined);
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Failed to copy')).toBeNull();
  });

  it('falls back to the clipboard when sharing fails for another reason', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.reject(new Error('NotAllowedError')));
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderWithProviders(<ShareButton ride={ride} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
  });

  it("shows 'Failed to copy' when the copy fails", async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderWithProviders(<ShareButton ride={ride} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    expect(screen.getByText('Please try again or copy the text manually.')).toBeTruthy();
  });

  it('lists the passengers in drop-off order when given', async () => {
    renderWithProviders(
      <ShareButton
        ride={ride}
        summary
        passengers={[
          { id: 1, dropoffLocation: 'Bedok', dropoffSequence: 2, user: { name: 'Ann' } },
          { id: 2, dropoffLocation: 'Tampines', dropoffSequence: 1, user: { name: 'Ben' } },
        ]}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text).toContain('1. Tampines (Ben)\n2. Bedok (Ann)');
  });
});
