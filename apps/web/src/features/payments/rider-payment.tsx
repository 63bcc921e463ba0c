/**
 * A rider's own share on the payment card (docs/payments.md#status): the fixed amount and its
 * status, the PayNow QR code and Revolut link when the organiser has them, and "I have paid" with
 * the method.
 */
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatSgd, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@rideshare/domain';
import { useState } from 'react';

import { PaynowQr } from './paynow-qr';
import { STATUS_LABELS, usePaymentActions, type PaymentRow } from './use-payments';

export function RiderPayment({ rideId, row, departure }: { rideId: number; row: PaymentRow; departure: string }) {
  const [method, setMethod] = useState<PaymentMethod>(row.paynowPayload ? 'paynow' : 'cash');
  const [showQr, setShowQr] = useState(false);
  const { markMine } = usePaymentActions(rideId);
  const amount = formatSgd(row.amountDue, 2);
  const status = STATUS_LABELS[row.status];
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={700} data-testid="my-amount">
          Your share: {amount}
        </Text>
        <Badge color={status.color} variant="light" data-testid="my-payment-status">
          {status.label}
        </Badge>
      </Group>
      {row.paynowPayload ? (
        <>
          <Button variant="light" onClick={() => setShowQr((open) => !open)} aria-expanded={showQr}>
            {showQr ? 'Hide PayNow QR' : 'Show PayNow QR'}
          </Button>
          {showQr ? <PaynowQr payload={row.paynowPayload} amount={amount} departure={departure} /> : null}
        </>
      ) : null}
      {row.revolutLink ? (
        <Anchor href={row.revolutLink} target="_blank" rel="noopener noreferrer">
          Pay {amount} with Revolut<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      ) : null}
      {row.status === 'confirmed' ? (
        <Text size="sm">The organizer confirmed your payment.</Text>
      ) : (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Paid with"
            value={method}
            onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            style={{ flex: '1 1 9rem' }}
          />
          <Button loading={markMine.isPending} onClick={() => markMine.mutate({ rideId, method })}>
            {row.status === 'marked-paid' ? 'Update: I have paid' : 'I have paid'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
