/**
 * `<ShareButton ride={ride} />`: shares the ride's link with its direction, departure, seats left
 * and estimated share (domain `rideShareText`; nobody's name or stop: docs/product.md#sharing)
 * through the system share sheet when the browser has one (phones), else copies it to the
 * clipboard with a toast. Dismissing the share sheet is not an error; a share sheet that fails
 * falls back to the clipboard, and a failed copy shows 'Failed to copy'.
 * `summary` (the organiser's 'Share Summary' for the driver) shares the full trip summary instead
 * (domain `tripSummary`), with `passengers`' points in sequence order when given.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { groupName, rideShareText, tripSummary, type SharePassenger, type ShareRide } from '@rideshare/domain';
import { useRef } from 'react';

import { ShareIcon } from '../../components/icons';
import { copyWithToast } from '../../lib/clipboard';

export interface ShareButtonProps {
  ride: ShareRide & { id: number };
  /** Share the organiser's full trip summary instead of the ride's link. */
  summary?: boolean;
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

/** The ride's own address on this site. */
function rideUrl(rideId: number): string {
  return `${window.location.origin}/rides/${String(rideId)}`;
}

/** Shares through the Web Share API when there is one, else the clipboard. Resolves when done. */
async function shareRide(
  ride: ShareRide & { id: number },
  options: { summary: boolean; passengers?: readonly SharePassenger[] },
): Promise<void> {
  const title = groupName(ride);
  const url = rideUrl(ride.id);
  const text = options.summary ? tripSummary(ride, options.passengers) : rideShareText(ride, url);
  const data: ShareData = options.summary ? { title, text } : { title, text, url };
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
  await copyWithToast(
    text,
    options.summary
      ? { title: 'Copied to clipboard', message: 'Trip summary copied. Paste it into your chat.' }
      : { title: 'Copied to clipboard', message: "The ride's link is copied. Paste it into your chat." },
  );
}

export function ShareButton({
  ride,
  label = 'Share',
  summary = false,
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
        void shareRide(ride, { summary, passengers }).finally(() => {
          busy.current = false;
        });
      }}
    >
      {label}
    </Button>
  );
}
