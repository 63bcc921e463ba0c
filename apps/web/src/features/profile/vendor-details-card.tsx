/**
 * `<VendorDetailsCard user />` (vendors only, on /profile): the company and driver passengers see on
 * the driver card of the rides this vendor takes: Company Name, Driver Name, Driver Contact, Car
 * Number. 'Save Vendor Details' sends `user.update` with `companyName` and `driverDetails`; every
 * field is required, as at registration (the server's message shows under the form and as a toast).
 * Success shows 'Vendor details updated' and puts the saved user into the session.
 */
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormFooter } from '../../components/form-footer';
import { SectionCard } from '../../components/section-card';
import type { SessionUser } from '../session';
import { useUpdateProfile } from './use-profile-mutations';

type VendorUser = Pick<SessionUser, 'id' | 'companyName' | 'driverDetails'>;

interface VendorValues {
  companyName: string;
  driverName: string;
  driverContact: string;
  carNumber: string;
}

function valuesOf(user: VendorUser): VendorValues {
  return {
    companyName: user.companyName ?? '',
    driverName: user.driverDetails?.name ?? '',
    driverContact: user.driverDetails?.contact ?? '',
    carNumber: user.driverDetails?.carNumber ?? '',
  };
}

export function VendorDetailsCard({ user }: { user: VendorUser }) {
  const form = useForm<VendorValues>({ initialValues: valuesOf(user) });
  const { update, failure, clear } = useUpdateProfile(form, {
    success: () => 'Vendor details updated',
    // The driver card of every ride this vendor drives shows these.
    refreshRides: true,
  });

  const submit = form.onSubmit((values) => {
    clear();
    update.mutate({
      id: user.id,
      companyName: values.companyName,
      driverDetails: { name: values.driverName, contact: values.driverContact, carNumber: values.carNumber },
    });
  });

  return (
    <SectionCard
      titleId="vendor-details-title"
      title="Vendor Details"
      description="The organizer and passengers of the rides you take see these on the driver card."
    >
      <form onSubmit={submit} noValidate aria-label="Vendor details">
        <Stack gap="md">
          <TextInput label="Company Name" required {...form.getInputProps('companyName')} />
          <TextInput label="Driver Name" required {...form.getInputProps('driverName')} />
          <TextInput label="Driver Contact" type="tel" required {...form.getInputProps('driverContact')} />
          <TextInput label="Car Number" required {...form.getInputProps('carNumber')} />
          <FormFooter
            failure={failure}
            errorTestId="vendor-details-error"
            pending={update.isPending}
            pendingLabel="Saving..."
          >
            Save Vendor Details
          </FormFooter>
        </Stack>
      </form>
    </SectionCard>
  );
}
