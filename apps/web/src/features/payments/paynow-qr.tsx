/**
 * The PayNow QR code of a rider's share (docs/payments.md#paynow): the SGQR payload the server built
 * for the exact amount, drawn as SVG by the `qrcode` library and shown as an image with a text
 * alternative; the amount cannot be edited in the payer's app. Under it, what the phone that pays
 * can do with it: save, share, copy the details (docs/payments.md#paynow-actions).
 */
import { Center, Image, Loader, Stack, Text } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

import { PaynowActions } from './paynow-actions';

export function PaynowQr({
  payload,
  amount,
  departure,
  rideId,
}: {
  payload: string;
  amount: string;
  departure: string;
  rideId: number;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((text) => {
        if (live) setSvg(text);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [payload]);

  if (failed) return <Text c="red.8">The QR code could not be drawn; pay with the amount shown instead.</Text>;
  if (!svg) {
    return (
      <Center role="status" aria-label="Drawing the QR code">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap={4} align="center">
      <Image
        src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
        alt={`PayNow QR code for ${amount}`}
        w={220}
        h={220}
        data-testid="paynow-qr"
        data-payload={payload}
        style={{ background: 'white' }}
      />
      <Text size="xs" c="dimmed" ta="center" data-testid="paynow-caption">
        Save or share this code, then open it in your banking app, or scan it from another phone. Fixed amount {amount};
        valid until {formatRideDate(departure)}.
      </Text>
      <PaynowActions payload={payload} rideId={rideId} />
    </Stack>
  );
}
