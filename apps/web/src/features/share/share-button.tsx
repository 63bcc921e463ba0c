/**
 * `<ShareButton ride={ride} label="Share Summary" passengers={entries} />`: shares the trip summary
 * (domain `tripSummary`, titled 'RideShare: {direction} {date}', passengers as current/max)
 * through the system share sheet when the browser has one (phones), else copies it to the
 * clipboard with a toast. Dismissing the share sheet is not an error; a share sheet that fails
 * falls back to the clipboard, and a failed copy shows 'Failed to copy'.
 * `passengers` (when the caller has them) adds the pick-up or drop-off points in sequence order.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { groupName, tripSummary, type SharePassenger, type ShareRide } from '@rideshare/domain';
import { useRef } from 'react';

import { ShareIcon } from '../../components/icons';
import { copyWithToast } from '../../lib/clipboard';

export interface ShareButtonProps {
  ride: ShareRide;
  /** Visible text; 'Share' when left out. */
  label?: string;
  passengers?: readonly SharePassenger[];
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  'aria-label'?: string;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Shares through the Web Share API when there is one, else the clipboard. Resolves when done. */
async function shareTripSummary(ride: ShareRide, passengers?: readonly SharePassenger[]): Promise<void> {
  const title = groupName(ride);
  const text = tripSummary(ride, passengers);
  const data = { title, text };
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    const allowed = typeof navigator.canShare === 'function' ? navigator.canShare(data) : true;
    if (allowed) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (isAbort(error)) return;
        // Any other refusal (no user activation, policy): the clipboard still gets it across.
      }
    }
  }
  await copyWithToast(text, { title: 'Copied to clipboard', message: 'Trip summary copied. Paste it into your chat.' });
}

export function ShareButton({
  ride,
  label = 'Share',
  passengers,
  variant = 'default',
  size = 'sm',
  fullWidth,
  'aria-label': ariaLabel,
}: ShareButtonProps) {
  // A second click while the share sheet is still open would be refused by the browser anyway.
  const busy = useRef(false);
  return (
    <Button
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      leftSection={<ShareIcon size={16} />}
      aria-label={ariaLabel}
      onClick={() => {
        if (busy.current) return;
        busy.current = true;
        void shareTripSummary(ride, passengers).finally(() => {
          busy.current = false;
        });
      }}
    >
      {label}
    </Button>
  );
}
