/**
 * The organiser's payment table (docs/payments.md#status): every party's amount and status, with
 * Confirm / Undo per rider, "Recalculate" after the party changed, and the CSV download.
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatSgd, PAYMENT_METHOD_LABELS } from '@rideshare/domain';

import { useConfirm } from '../../components/confirm-action';
import { paidText, STATUS_LABELS, usePaymentActions, type RidePayments } from './use-payments';

export function OrganiserPayments({ table, organiserId }: { table: RidePayments; organiserId: number }) {
  const { confirm, unconfirm, recalculate } = usePaymentActions(table.rideId);
  const paid = table.payments.filter((row) => row.status !== 'due').length;
  const pending = confirm.isPending || unconfirm.isPending;
  const ask = useConfirm();
  return (
    <Stack gap="sm">
      {ask.modal}
      <Text fw={600} role="status" aria-live="polite" data-testid="paid-summary">
        {paidText(paid, table.payments.length)} · total {formatSgd(table.total, 2)}
      </Text>
      {/* Three columns, the action under the status, so the table fits a 375 px phone. */}
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
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSgd(row.amountDue, 2)}</Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Badge color={status.color} variant="light" style={{ minWidth: 'max-content' }}>
                        {own ? 'Yours' : status.label}
                      </Badge>
                      {own ? null : row.status === 'confirmed' ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          disabled={pending}
                          aria-label={`Undo confirmation: ${row.name}`}
                          onClick={() => unconfirm.mutate({ rideId: table.rideId, passengerId: row.passengerId })}
                        >
                          Undo
                        </Button>
                      ) : (
                        <Button
                          size="compact-xs"
                          disabled={pending}
                          aria-label={`Confirm payment: ${row.name}`}
                          onClick={() => confirm.mutate({ rideId: table.rideId, passengerId: row.passengerId })}
                        >
                          Confirm
                        </Button>
                      )}
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
          loading={recalculate.isPending}
          onClick={() =>
            ask.ask({
              title: 'Recalculate the amounts?',
              message:
                'The total is split again over the party as it is now. Everyone whose amount changes is told their new amount.',
              confirmLabel: 'Recalculate amounts',
              onConfirm: () => recalculate.mutate({ rideId: table.rideId }),
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
        Recalculating splits the total again over the party as it is now and tells everyone whose amount changed.
      </Text>
    </Stack>
  );
}
