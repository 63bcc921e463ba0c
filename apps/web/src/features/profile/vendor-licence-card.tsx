/**
 * `<VendorLicenceCard user />` (vendors only, on /profile): the account's status and the licence an
 * administrator checks before approving it (docs/vendors.md#approval): the cross-border permit
 * (issuing country, number, expiry date) and the vehicle's passenger seats. 'Save Licence' sends
 * `user.update` with `permit` and `vehicleSeats`; the server's refusal shows under the form and as a
 * toast. Changing the permit of an approved account sends it back for approval, and the card says so
 * before it is saved.
 */
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { VendorStatus } from '@rideshare/domain';

import { SectionCard } from '../../components/section-card';
import { SubmitButton } from '../../components/submit-button';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { SessionUser } from '../session';
import { LicenceFields, licenceInput, licenceValuesOf, type LicenceValues } from './licence-fields';
import { useProfileFailure } from './use-profile-failure';

type LicenceUser = Pick<SessionUser, 'id' | 'permit' | 'vehicleSeats' | 'vendorStatus' | 'vendorStatusReason'>;

const STATUS_LABEL: Record<VendorStatus, { label: string; color: string }> = {
  pending: { label: 'Awaiting approval', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  suspended: { label: 'Suspended', color: 'red' },
};

export function VendorLicenceCard({ user }: { user: LicenceUser }) {
  const utils = trpc.useUtils();
  const { failure, clear, fail } = useProfileFailure();
  const form = useForm<LicenceValues>({ initialValues: licenceValuesOf(user) });
  const update = trpc.user.update.useMutation({
    onSuccess: (saved) => {
      utils.auth.me.setData(undefined, saved);
      form.resetDirty(licenceValuesOf(saved));
    },
  });
  const status = user.vendorStatus ? STATUS_LABEL[user.vendorStatus] : null;
  const permitTouched =
    form.isDirty('permitCountry') || form.isDirty('permitNumber') || form.isDirty('permitExpiresOn');

  const submit = form.onSubmit((values) => {
    clear();
    update.mutate(
      { id: user.id, ...licenceInput(values) },
      {
        onSuccess: (saved) =>
          notifySuccess(
            'Licence saved',
            saved.vendorStatus === 'pending' ? 'An administrator will review your account.' : undefined,
          ),
        onError: fail,
      },
    );
  });

  return (
    <SectionCard
      titleId="vendor-licence-title"
      title="Licence and Vehicle"
      aside={
        status ? (
          <Badge color={status.color} variant="light" data-testid="vendor-status">
            {status.label}
          </Badge>
        ) : null
      }
      description="A paid cross-border trip needs a licensed cross-border taxi. An administrator checks your permit and vehicle before your account can take rides."
      header={
        user.vendorStatusReason && (user.vendorStatus === 'rejected' || user.vendorStatus === 'suspended') ? (
          <Text size="sm" c="red">
            Reason: {user.vendorStatusReason}
          </Text>
        ) : null
      }
    >
      <form onSubmit={submit} noValidate aria-label="Licence and vehicle">
        <Stack gap="md">
          <LicenceFields form={form} />
          {permitTouched && user.vendorStatus === 'approved' ? (
            <Text size="sm" c="orange" role="note">
              Saving a changed permit sends your account back for approval.
            </Text>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="vendor-licence-error">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <SubmitButton pending={update.isPending} pendingLabel="Saving...">
              Save Licence
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
