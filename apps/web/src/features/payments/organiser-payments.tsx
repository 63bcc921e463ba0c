/**
 * The organiser's payment table (docs/payments.md#status): every party's amount and status, with
 * Confirm / Undo per rider, "Refund SGD x to Ann" with "Refunded" when a paid share went down
 * (docs/payments.md#refunds), "Left" with "Waive" for a party who left after the lock
 * (docs/payments.md#leavers), "Recalculate" and the CSV download. It refreshes itself when anyone's
 * payment changes (the `payments.changed` live event).
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatSgd, PAYMENT_METHOD_LABELS } from '@rideshare/domain';

import { useConfirm } from '../../components/confirm-action';
import type { PaymentRow, RidePayments } from '../../lib/api-types';
import { paidText, STATUS_LABELS, usePaymentActions } from './use-payments';

type Actions = ReturnType<typeof usePaymentActions>;

/**
 * Under an amount (docs/payments.md#ledger): a paid share that rose owes a top-up; the organiser's
 * own row shows what it absorbs beyond an even share (a waived or held share).
 */
function LedgerNote({ row }: { row: PaymentRow }) {
  if (row.status !== 'due' && row.topUpDue > 0) {
    return (
      <Text size="xs" fw={600} c="orange.9" data-testid={`top-up-${String(row.passengerId)}`}>
        {formatSgd(row.topUpDue, 2)} top-up due
      </Text>
    );
  }
  if (row.absorbed > 0) {
    return (
      <Text size="xs" c="dimmed" data-testid={`absorbed-${String(row.passengerId)}`}>
        {formatSgd(row.absorbed, 2)} absorbed
      </Text>
    );
  }
  return null;
}

/** What the organiser can do with a rider's row: settle a refund, waive a leaver, confirm or undo. */
function RowActions({ row, rideId, actions }: { row: PaymentRow; rideId: number; actions: Actions }) {
  const { confirm, unconfirm, refunded, waive } = actions;
  const pending = confirm.isPending || unconfirm.isPending || refunded.isPending || waive.isPending;
  const target = { rideId, passengerId: row.passengerId };
  return (
    <>
      {row.refundDue > 0 ? (
        <>
          <Text size="xs" fw={600} c="teal.9" data-testid={`refund-${String(row.passengerId)}`}>
            Refund {formatSgd(row.refundDue, 2)} to {row.name}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            color="teal"
            disabled={pending}
            aria-label={`Refunded: ${row.name}`}
            onClick={() => refunded.mutate(target)}
          >
            Refunded
          </Button>
        </>
      ) : null}
      {row.left && row.status === 'due' ? (
        <Button
          size="compact-xs"
          variant="default"
          disabled={pending}
          aria-label={`Waive the share of ${row.name}`}
          onClick={() => waive.mutate(target)}
        >
          Waive
        </Button>
      ) : null}
      {row.status === 'confirmed' ? (
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={pending}
          aria-label={`Undo confirmation: ${row.name}`}
          onClick={() => unconfirm.mutate(target)}
        >
          Undo
        </Button>
      ) : (
        <Button
          size="compact-xs"
          disabled={pending}
          aria-label={`Confirm payment: ${row.name}`}
          onClick={() => confirm.mutate(target)}
        >
          Confirm
        </Button>
      )}
    </>
  );
}

export function OrganiserPayments({ table, organiserId }: { table: RidePayments; organiserId: number }) {
  const actions = usePaymentActions(table.rideId);
  // "n of m paid" counts the riders, not the organiser's own row.
  const riders = table.payments.filter((row) => row.userId !== organiserId);
  const paid = riders.filter((row) => row.status !== 'due').length;
  const ask = useConfirm();
  return (
    <Stack gap="sm">
      {ask.modal}
      <Text fw={600} role="status" aria-live="polite" data-testid="paid-summary">
        {paidText(paid, riders.length)} · total {formatSgd(table.total, 2)}
      </Text>
      {/* Three columns, the actions under the status, so the table fits a 375 px phone. */}
      <Table.ScrollContainer minWidth={260}>
        <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.payments.map((row) => {
              const status = STATUS_LABELS[row.status];
              const own = row.userId === organiserId;
              return (
                <Table.Tr key={row.passengerId} data-testid={`payment-row-${String(row.passengerId)}`}>
                  <Table.Td>
                    {row.name}
                    <Text size="xs" c="dimmed">
                      {row.seats} seat{row.seats === 1 ? '' : 's'}
                      {row.method ? ` · ${PAYMENT_METHOD_LABELS[row.method]}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatSgd(row.amountDue, 2)}
                    <LedgerNote row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Group gap={4}>
                        {row.left ? (
                          <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
                            Left
                          </Badge>
                        ) : null}
                        <Badge color={status.color} variant="light" style={{ minWidth: 'max-content' }}>
                          {own ? 'Yours' : status.label}
                        </Badge>
                      </Group>
                      {own ? null : <RowActions row={row} rideId={table.rideId} actions={actions} />}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          size="xs"
          loading={actions.recalculate.isPending}
          onClick={() =>
            ask.ask({
              title: 'Recalculate the amounts?',
              message:
                'The total is split again over the party as it is now. No rider pays more: what an even split would add stays on your row. Everyone whose amount changes is told their new amount.',
              confirmLabel: 'Recalculate amounts',
              onConfirm: () => actions.recalculate.mutate({ rideId: table.rideId }),
            })
          }
        >
          Recalculate amounts
        </Button>
        <Button
          component="a"
          href={`/api/rides/${String(table.rideId)}/payments.csv`}
          download={`ride-${String(table.rideId)}-payments.csv`}
          variant="default"
          size="xs"
        >
          Download CSV
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Joins, leaves and price changes after the lock settle the amounts by themselves, and a waived share stays on
        your row. Recalculate lowers riders&apos; shares where an even split is now lower; it never raises one.
      </Text>
    </Stack>
  );
}
