/**
 * The vendor's licence fields (docs/vendors.md#licence): the cross-border permit (issuing country,
 * number, expiry date) and the vehicle's passenger seats, shared by the register form and the
 * profile's Licence and Vehicle card, with the mapping from the form's flat values to the
 * `permit` and `vehicleSeats` the API takes.
 */
import { NumberInput, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_VEHICLE_SEATS, PERMIT_COUNTRIES, type Permit, type PermitCountry } from '@rideshare/domain';

/** The licence as the form holds it (flat, blank when not given). */
export interface LicenceValues {
  permitCountry: string | null;
  permitNumber: string;
  permitExpiresOn: string;
  vehicleSeats: number | string;
}

export const EMPTY_LICENCE: LicenceValues = {
  permitCountry: null,
  permitNumber: '',
  permitExpiresOn: '',
  vehicleSeats: '',
};

const COUNTRY_LABEL: Record<PermitCountry, string> = { SG: 'Singapore (SG)', MY: 'Malaysia (MY)' };

function isPermitCountry(value: string | null): value is PermitCountry {
  return value !== null && (PERMIT_COUNTRIES as readonly string[]).includes(value);
}

/** The stored licence as form values. */
export function licenceValuesOf(user: { permit: Permit | null; vehicleSeats: number | null }): LicenceValues {
  return {
    permitCountry: user.permit?.country ?? null,
    permitNumber: user.permit?.number ?? '',
    permitExpiresOn: user.permit?.expiresOn ?? '',
    vehicleSeats: user.vehicleSeats ?? '',
  };
}

/**
 * The form's values as the API takes them: no permit when every part is blank (any part given sends
 * all three, so the server names what is missing), no seats when blank.
 *
 * @example licenceInput(EMPTY_LICENCE) // { permit: null, vehicleSeats: null }
 */
export function licenceInput(values: LicenceValues): { permit: Permit | null; vehicleSeats: number | null } {
  const anyPermitPart =
    values.permitCountry !== null || values.permitNumber.trim() !== '' || values.permitExpiresOn !== '';
  const permit = anyPermitPart
    ? {
        // An unknown country is sent as typed, so the server names the problem.
        country: (isPermitCountry(values.permitCountry)
          ? values.permitCountry
          : (values.permitCountry ?? '')) as PermitCountry,
        number: values.permitNumber,
        expiresOn: values.permitExpiresOn,
      }
    : null;
  return { permit, vehicleSeats: values.vehicleSeats === '' ? null : Number(values.vehicleSeats) };
}

/** The four inputs, bound to a form whose values include {@link LicenceValues}. */
export function LicenceFields<T extends LicenceValues>({ form }: { form: UseFormReturnType<T> }) {
  return (
    <>
      <Select
        label="Permit Issued By"
        placeholder="Choose a country"
        data={PERMIT_COUNTRIES.map((value) => ({ value, label: COUNTRY_LABEL[value] }))}
        allowDeselect
        {...form.getInputProps('permitCountry')}
      />
      <TextInput label="Permit Number" autoComplete="off" {...form.getInputProps('permitNumber')} />
      <TextInput label="Permit Expires On" type="date" {...form.getInputProps('permitExpiresOn')} />
      <NumberInput
        label="Vehicle Passenger Seats"
        description={`Seats for passengers, not counting the driver (1 to ${String(MAX_VEHICLE_SEATS)})`}
        min={1}
        max={MAX_VEHICLE_SEATS}
        allowDecimal={false}
        {...form.getInputProps('vehicleSeats')}
      />
    </>
  );
}
