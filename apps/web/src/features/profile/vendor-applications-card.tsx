/**
 * `VendorApplicationsCard` (administrators, on /admin): vendor accounts by
 * status, pending first, ten a page, each with what the administrator checks (company, driver,
 * plate, permit, seats) and the decisions it allows (docs/vendors.md#approval): Approve (refused by
 * the server, with what is missing, while the licence is incomplete), Reject and Suspend with a
 * reason the vendor reads. The vendor is told in its inbox; the list reloads after each decision.
 */
import { Button, Card, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatRideDate, VENDOR_STATUSES, type VendorStatus } from '@rideshare/domain';
import { useState } from 'react';

import { trpc } from '../../lib/trpc';
import type { VendorApplication } from '../../lib/api-types';
import { VerifiedMark } from '../../components/verified-mark';
import { useVendorDecisions } from './use-profile-mutations';

const PAGE_SIZE = 10;
const STATUS_TABS: Record<VendorStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

function ApplicationRow({ application }: { application: VendorApplication }) {
  const [asking, setAsking] = useState<'reject' | 'suspend' | null>(null);
  const [reason, setReason] = useState('');
  const { approve, reject, suspend } = useVendorDecisions(() => {
    setAsking(null);
    setReason('');
  });
  const pending = approve.isPending || reject.isPending || suspend.isPending;
  const { permit, driverDetails } = application;
  const title = application.companyName ?? application.discordUsername;

  return (
    <Card withBorder radius="sm" padding="sm" component="li" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{title}</Text>
          <Text size="xs" c="dimmed">
            {application.discordUsername}
            <VerifiedMark verified={application.discordVerified} />
            {application.vendorStatusChangedAt ? ` · since ${formatRideDate(application.vendorStatusChangedAt)}` : ''}
          </Text>
        </Group>
        <Text size="sm">
          Driver: {driverDetails?.name ?? 'not given'} ({driverDetails?.contact ?? 'no contact'}) · Plate:{' '}
          {driverDetails?.carNumber ?? 'not given'}
        </Text>
        <Text size="sm">
          Permit: {permit ? `${permit.country} ${permit.number}, valid until ${permit.expiresOn}` : 'not given'} ·
          Seats: {application.vehicleSeats ?? 'not given'}
        </Text>
        {application.vendorStatusReason ? (
          <Text size="sm" c="dimmed">
            Reason: {application.vendorStatusReason}
          </Text>
        ) : null}
        {asking ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const call = asking === 'reject' ? reject : suspend;
              call.mutate({ userId: application.id, reason });
            }}
            aria-label={asking === 'reject' ? `Reject ${title}` : `Suspend ${title}`}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label={asking === 'reject' ? 'Reason for rejecting' : 'Reason for suspending'}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                required
                style={{ flex: 1, minWidth: 180 }}
                data-autofocus
              />
              <Button type="submit" color="red" loading={pending}>
                {asking === 'reject' ? 'Reject' : 'Suspend'}
              </Button>
              <Button variant="subtle" onClick={() => setAsking(null)} disabled={pending}>
                Cancel
              </Button>
            </Group>
          </form>
        ) : (
          <Group gap="xs">
            {application.vendorStatus !== 'approved' ? (
              <Button
                size="xs"
                loading={approve.isPending}
                disabled={pending}
                onClick={() => approve.mutate({ userId: application.id })}
              >
                Approve
              </Button>
            ) : null}
            {application.vendorStatus === 'pending' ? (
              <Button size="xs" variant="light" color="red" disabled={pending} onClick={() => setAsking('reject')}>
                Reject
              </Button>
            ) : null}
            {application.vendorStatus === 'pending' || application.vendorStatus === 'approved' ? (
              <Button size="xs" variant="subtle" color="red" disabled={pending} onClick={() => setAsking('suspend')}>
                Suspend
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function VendorApplicationsCard() {
  const [status, setStatus] = useState<VendorStatus>('pending');
  const [page, setPage] = useState(1);
  const list = trpc.admin.vendorApplications.useQuery(
    { status, page, pageSize: PAGE_SIZE },
    { refetchOnMount: 'always' },
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vendor-applications-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="vendor-applications-title">
          Vendor applications
        </Title>
        {/* Buttons that wrap instead of a segmented bar: every status reads whole at 320 px. */}
        <Group gap="xs" role="group" aria-label="Vendor status">
          {VENDOR_STATUSES.map((value) => (
            <Button
              key={value}
              size="xs"
              variant={value === status ? 'filled' : 'default'}
              aria-pressed={value === status}
              onClick={() => {
                setStatus(value);
                setPage(1);
              }}
            >
              {STATUS_TABS[value]}
            </Button>
          ))}
        </Group>
        {list.isLoading ? <Text size="sm">Loading vendor accounts...</Text> : null}
        {list.error ? (
          <Text size="sm" c="red" role="alert">
            Vendor accounts could not be loaded: {list.error.message}
          </Text>
        ) : null}
        {list.data && list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No {STATUS_TABS[status].toLowerCase()} vendor accounts.
          </Text>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.items.map((application) => (
              <ApplicationRow key={application.id} application={application} />
            ))}
          </Stack>
        ) : null}
        {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
      </Stack>
    </Card>
  );
}
