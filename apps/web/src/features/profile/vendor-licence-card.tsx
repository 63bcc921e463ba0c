/**
 * `<VendorLicenceCard user />` (vendors only, on /profile): the account's status and the licence an
 * administrator checks before approving it (docs/vendors.md#approval): the cross-border permit
 * (issuing country, number, expiry date) and the vehicle's passenger seats. 'Save Licence' sends
 * `user.update` with `permit` and `vehicleSeats`; the server's refusal shows under the form and as a
 * toast. Changing the permit of an approved account sends it back for approval, and the card says so
 * before it is saved.
 */
import { Badge, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { VendorStatus } from '@rideshare/domain';

import { FormFooter } from '../../components/form-footer';
import { SectionCard } from '../../components/section-card';
import type { SessionUser } from '../session';
import { LicenceFields, licenceInput, licenceValuesOf, type LicenceValues } from './licence-fields';
import { useUpdateProfile } from './use-profile-mutations';

type LicenceUser = Pick<SessionUser, 'id' | 'permit' | 'vehicleSeats' | 'vendorStatus' | 'vendorStatusReason'>;

const STATUS_LABEL: Record<VendorStatus, { label: string; color: string }> = {
  pending: { label: 'Awaiting approval', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  suspended: { label: 'Suspended', color: 'red' },
};

export function VendorLicenceCard({ user }: { user: LicenceUser }) {
  const form = useForm<LicenceValues>({ initialValues: licenceValuesOf(user) });
  const { update, failure, clear } = useUpdateProfile(form, {
    success: (saved) => ({
      title: 'Licence saved',
      message: saved.vendorStatus === 'pending' ? 'An administrator will review your account.' : undefined,
    }),
    onSaved: (saved) => form.resetDirty(licenceValuesOf(saved)),
  });
  const status = user.vendorStatus ? STATUS_LABEL[user.vendorStatus] : null;
  const permitTouched =
    form.isDirty('permitCountry') || form.isDirty('permitNumber') || form.isDirty('permitExpiresOn');

  const submit = form.onSubmit((values) => {
    clear();
    update.mutate({ id: user.id, ...licenceInput(values) });
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
          <FormFooter
            failure={failure}
            errorTestId="vendor-licence-error"
            pending={update.isPending}
            pendingLabel="Saving..."
          >
            Save Licence
          </FormFooter>
        </Stack>
      </form>
    </SectionCard>
  );
}
