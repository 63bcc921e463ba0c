/**
 * What the phone that pays can do with its own PayNow code (docs/payments.md#paynow-actions): it
 * cannot scan its own screen, so under the QR code it can save the code as a PNG (to open from the
 * banking app's gallery), share that PNG through the share sheet where the browser shares files
 * (`navigator.canShare({ files })`; the button is left out where it does not), and copy the PayNow
 * number or UEN with the amount, read from the code itself.
 */
import { Button, Group } from '@mantine/core';
import { paynowDetails, paynowDetailsText } from '@rideshare/domain';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

import { ShareIcon } from '../../components/icons';
import { copyWithToast } from '../../lib/clipboard';
import { showError } from '../../lib/errors';

interface Png {
  url: string;
  file: File;
}

/** The PNG's file name: one per ride, so a saved code says what it pays for. */
export function paynowFileName(rideId: number): string {
  return `paynow-ride-${String(rideId)}.png`;
}

function pngFile(dataUrl: string, name: string): File {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png' });
}

/** Whether this browser can hand the file to the share sheet. */
function canShareFile(file: File): boolean {
  if (typeof navigator === 'undefined') return false;
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function PaynowActions({ payload, rideId }: { payload: string; rideId: number }) {
  const [png, setPng] = useState<Png | null>(null);
  const name = paynowFileName(rideId);
  useEffect(() => {
    let live = true;
    setPng(null);
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: 512, type: 'image/png' })
      .then((url) => {
        if (live) setPng({ url, file: pngFile(url, name) });
      })
      .catch(() => {
        // No PNG (no canvas): saving and sharing are left out; copying the details still works.
      });
    return () => {
      live = false;
    };
  }, [payload, name]);
  const details = paynowDetails(payload);
  const text = details ? paynowDetailsText(details) : null;
  const shareable = png !== null && canShareFile(png.file);

  const share = async (file: File) => {
    try {
      await navigator.share({ files: [file], title: 'PayNow QR code', ...(text ? { text } : {}) });
    } catch (error) {
      if (!isAbort(error))
        showError('Save the QR image instead, then open it in your bank.', { title: 'Could not share the code' });
    }
  };

  return (
    <Group gap="xs" justify="center" wrap="wrap" data-testid="paynow-actions">
      {png ? (
        <Button component="a" href={png.url} download={name} size="xs" variant="default">
          Save QR image
        </Button>
      ) : null}
      {png && shareable ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<ShareIcon size={14} aria-hidden />}
          onClick={() => void share(png.file)}
          aria-label="Share the QR image"
        >
          Share
        </Button>
      ) : null}
      {text ? (
        <Button
          size="xs"
          variant="default"
          onClick={() => void copyWithToast(text, { title: 'PayNow details copied', message: text })}
        >
          Copy PayNow details
        </Button>
      ) : null}
    </Group>
  );
}
