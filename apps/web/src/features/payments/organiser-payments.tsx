/**
 * The organiser's payment table (docs/payments.md#status): every party's amount and status, with
 * Confirm / Undo per rider, "Refund SGD x to Ann" with "Mark refund sent" when a paid share went down
 * (docs/payments.md#refunds), "Left" with "Waive" for a party who left after the lock
 * (docs/payments.md#leavers), "Recalculate" and the CSV download. Statuses are badges, actions are
 * buttons named with a verb, and on a narrow screen each row stacks (docs/payments.md#refund-control).
 * It refreshes itself when anyone's payment changes (the `payments.changed` live event).
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatSgd, PAYMENT_METHOD_LABELS } from '@rideshare/domain';

import { useConfirm } from '../../components/confirm-action';
import type { PaymentRow, RidePayments } from '../../lib/api-types';
import classes from './payment-table.module.css';
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
    <Stack gap={6} align="flex-start">
      {row.refundDue > 0 ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} c="orange.9" data-testid={`refund-${String(row.passengerId)}`}>
            Refund {formatSgd(row.refundDue, 2)} to {row.name}
          </Text>
          <Button
            size="xs"
            variant="outline"
            color="orange"
            disabled={pending}
            aria-label={`Mark refund sent to ${row.name}`}
            onClick={() => refunded.mutate(target)}
          >
            Mark refund sent
          </Button>
        </Group>
      ) : null}
      <Group gap="xs" wrap="wrap">
        {row.left && row.status === 'due' ? (
          <Button
            size="xs"
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
            size="xs"
            variant="subtle"
            disabled={pending}
            aria-label={`Undo confirmation: ${row.name}`}
            onClick={() => unconfirm.mutate(target)}
          >
            Undo
          </Button>
        ) : (
          <Button
            size="xs"
            disabled={pending}
            aria-label={`Confirm payment: ${row.name}`}
            onClick={() => confirm.mutate(target)}
          >
            Confirm
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The row's statuses as badges: left, its payment status (or "Yours"), a refund still owed. */
function StatusBadges({ row, own }: { row: PaymentRow; own: boolean }) {
  const status = STATUS_LABELS[row.status];
  return (
    <Group gap={4} wrap="wrap">
      {row.left ? (
        <Badge color="gray" variant="light" className={classes.badge}>
          Left
        </Badge>
      ) : null}
      <Badge color={status.color} variant="light" className={classes.badge}>
        {own ? 'Yours' : status.label}
      </Badge>
      {row.refundDue > 0 ? (
        <Badge color="orange" variant="light" className={classes.badge}>
          Refund due
        </Badge>
      ) : null}
    </Group>
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
      {/* Three columns on wide screens; below 36em each row stacks (name and amount, then the
          badges, then the buttons), so nothing is cut at 320 px. */}
      <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Payments" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.payments.map((row) => {
            const own = row.userId === organiserId;
            return (
              <Table.Tr key={row.passengerId} data-testid={`payment-row-${String(row.passengerId)}`}>
                <Table.Td className={classes.name}>
                  {row.name}
                  <Text size="xs" c="dimmed">
                    {row.seats} seat{row.seats === 1 ? '' : 's'}
                    {row.method ? ` · ${PAYMENT_METHOD_LABELS[row.method]}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.amount}>
                  {formatSgd(row.amountDue, 2)}
                  <LedgerNote row={row} />
                </Table.Td>
                <Table.Td className={classes.status}>
                  <Stack gap={6} align="flex-start">
                    <StatusBadges row={row} own={own} />
                    {own ? null : <RowActions row={row} rideId={table.rideId} actions={actions} />}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
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
