/**
 * A rider's own share on the payment card (docs/payments.md#status): the amount and its status, a
 * refund the organiser owes (docs/payments.md#refunds), whether they left after the lock
 * (docs/payments.md#leavers), the PayNow QR code and Revolut link when the organiser has them, and
 * "I have paid" with the method ("Change how I paid" once marked).
 */
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatSgd, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@rideshare/domain';
import { useState } from 'react';

import { PaynowQr } from './paynow-qr';
import type { PaymentRow } from '../../lib/api-types';
import { STATUS_LABELS, usePaymentActions } from './use-payments';

export function RiderPayment({ rideId, row, departure }: { rideId: number; row: PaymentRow; departure: string }) {
  const [method, setMethod] = useState<PaymentMethod>(row.paynowPayload ? 'paynow' : 'cash');
  const [showQr, setShowQr] = useState(false);
  const { markMine } = usePaymentActions(rideId);
  const amount = formatSgd(row.amountDue, 2);
  // A paid share that rose owes only the top-up (docs/payments.md#ledger): the code and link ask for that.
  const topUp = row.status !== 'due' && row.topUpDue > 0;
  const toPay = topUp ? formatSgd(row.topUpDue, 2) : amount;
  const status = STATUS_LABELS[row.status];
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={700} data-testid="my-amount">
          Your share: {amount}
        </Text>
        <Group gap={4}>
          {row.left ? (
            <Badge color="gray" variant="light">
              Left
            </Badge>
          ) : null}
          <Badge color={status.color} variant="light" data-testid="my-payment-status">
            {status.label}
          </Badge>
        </Group>
      </Group>
      {row.refundDue > 0 ? (
        <Text fw={600} c="teal.9" data-testid="my-refund">
          {formatSgd(row.refundDue, 2)} to come back from the organizer
        </Text>
      ) : null}
      {topUp ? (
        <Text fw={600} c="orange.9" data-testid="my-top-up">
          {toPay} top-up due: your share rose after you paid {formatSgd(row.paid, 2)}
        </Text>
      ) : null}
      {row.left ? (
        <Text size="sm" data-testid="my-left">
          You left after the price locked: the seat was held for you, so this share stays yours unless the organizer
          waives it.
        </Text>
      ) : null}
      {row.paynowPayload ? (
        <>
          <Button variant="light" onClick={() => setShowQr((open) => !open)} aria-expanded={showQr}>
            {showQr ? 'Hide PayNow QR' : 'Show PayNow QR'}
          </Button>
          {showQr ? (
            <PaynowQr payload={row.paynowPayload} amount={toPay} departure={departure} rideId={rideId} />
          ) : null}
        </>
      ) : null}
      {row.revolutLink ? (
        <Anchor href={row.revolutLink} target="_blank" rel="noopener noreferrer">
          Pay {toPay} with Revolut<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      ) : null}
      {row.status === 'confirmed' && !topUp ? (
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
            {topUp ? 'I have paid the top-up' : row.status === 'marked-paid' ? 'Change how I paid' : 'I have paid'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
