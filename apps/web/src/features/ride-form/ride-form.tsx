/**
 * `RideForm`: the one form behind /rides/create and /rides/edit/:id (docs/product.md#ride-form,
 * docs/product.md#direction-rules, docs/product.md#ride-form-validation).
 *
 * - Checks run on blur with the domain's `rideFormSchema`, and all together on submit.
 * - 'Number of Passengers at Your Location' is kept within 1..maximum (`clampPassengerCount`),
 *   also when the maximum is lowered; a cleared box becomes 1 when it loses focus.
 * - Cost: the base cost and the price of one additional stop (`RideCostFields`), SGD 80 and 5 pre-filled.
 * - 'Date and Time' reads and writes Singapore time whatever the browser's zone; a picked value
 *   that is not a real date-time is ignored.
 * - The page title is 'Create a New Ride' or 'Edit Ride'; the subtitle follows the chosen direction.
 * - On submit the domain's `buildRidePayload` applies the direction rules and trims the location;
 *   `onSubmit` gets that payload. If it rejects with a validation refusal from the server, the
 *   messages are put on the matching fields (the page shows the toast).
 */
import {
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  buildRidePayload,
  clampPassengerCount,
  CROSSING_LABELS,
  CROSSINGS,
  directionLabel,
  DIRECTIONS,
  fromSingaporeInputValue,
  MAX_PASSENGERS,
  MIN_PASSENGERS,
  MOBILE_BREAKPOINT_PX,
  rideFormSchema,
  type RidePayload,
} from '@rideshare/domain';
import { useEffect, type ReactNode } from 'react';

import { Page } from '../../components/page';
import { SubmitButton } from '../../components/submit-button';
import { fieldErrors } from '../../lib/errors';
import { MinPassengersField } from './min-passengers-field';
import { RideCostFields } from './ride-cost-fields';
import { LOCATION_HELPER_TEXT, rideFormTexts, type RideFormState } from './ride-form-texts';

export interface RideFormProps {
  mode: 'create' | 'edit';
  /** Shown under the form's buttons (e.g. the armed-delete hint). */
  footer?: ReactNode;
  initialValues: RideFormState;
  pending: boolean;
  onSubmit: (payload: RidePayload) => Promise<unknown>;
  /** Extra buttons next to Cancel (Delete Ride in edit mode). */
  extraActions?: ReactNode;
  onCancel: () => void;
  /**
   * Shown in the Trip card under the date (docs/series.md#web). While `repeating`, it takes the
   * date's place and its first departure (`firstDate`, null while refused) fills the date.
   */
  schedule?: { node: ReactNode; repeating: boolean; firstDate: string | null };
  /** Shown above the buttons (the create form's "Announce on Discord"). */
  options?: ReactNode;
}

const validateRide = schemaResolver(rideFormSchema, { sync: true });

/** Server field names → the form field that holds the value (the location lives in one box). */
const SERVER_FIELD_TO_FORM: Record<string, keyof RideFormState> = {
  direction: 'direction',
  date: 'date',
  maxPassengers: 'maxPassengers',
  organizerPassengerCount: 'organizerPassengerCount',
  pickupLocation: 'organizerLocation',
  dropoffLocations: 'organizerLocation',
  organizerLocation: 'organizerLocation',
  cost: 'cost',
  stopPrice: 'stopPrice',
  minPassengers: 'minPassengers',
  crossing: 'crossing',
};

function serverErrorsToFormErrors(errors: Record<string, string>): Partial<Record<keyof RideFormState, string>> {
  const result: Partial<Record<keyof RideFormState, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    const target = SERVER_FIELD_TO_FORM[field];
    if (target && result[target] === undefined) result[target] = message;
  }
  return result;
}

/** The largest group the maximum allows right now (10 while the maximum is blank or invalid). */
function groupCeiling(maxPassengers: number | string): number {
  const max = typeof maxPassengers === 'number' ? maxPassengers : Number.parseInt(maxPassengers, 10);
  return Number.isInteger(max) && max >= MIN_PASSENGERS && max <= MAX_PASSENGERS ? max : MAX_PASSENGERS;
}

export function RideForm({
  mode,
  initialValues,
  pending,
  onSubmit,
  extraActions,
  onCancel,
  footer,
  schedule,
  options,
}: RideFormProps) {
  const form = useForm<RideFormState>({
    mode: 'controlled',
    initialValues,
    validate: validateRide,
    validateInputOnBlur: true,
  });
  const compact = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`);
  const { direction } = form.values;
  const texts = rideFormTexts(direction);
  const editing = mode === 'edit';
  const repeating = schedule?.repeating === true;
  const scheduledDate = repeating ? (schedule.firstDate ?? '') : null;
  useEffect(() => {
    if (scheduledDate !== null) form.setFieldValue('date', scheduledDate);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only the date matters
  }, [scheduledDate]);

  async function submit(values: RideFormState) {
    let payload: RidePayload;
    try {
      payload = buildRidePayload(values);
    } catch (error) {
      form.setFieldError('date', error instanceof Error ? error.message : 'Invalid date provided');
      return;
    }
    try {
      await onSubmit(payload);
    } catch (error) {
      const mapped = serverErrorsToFormErrors(fieldErrors(error));
      if (Object.keys(mapped).length > 0) form.setErrors(mapped);
    }
  }

  const maxProps = form.getInputProps('maxPassengers');
  const groupProps = form.getInputProps('organizerPassengerCount');
  const dateProps = form.getInputProps('date');

  return (
    <Page
      title={editing ? 'Edit Ride' : 'Create a New Ride'}
      description={<span data-testid="ride-form-subtitle">{texts.subtitle}</span>}
      size="sm"
    >
      <form
        onSubmit={form.onSubmit((values) => submit(values))}
        noValidate
        aria-label={editing ? 'Edit ride' : 'Create ride'}
      >
        <Stack gap="lg">
          <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Title order={2} size="h4">
                Trip
              </Title>
              <Stack gap={4}>
                <Text component="div" id="ride-direction-label" size="sm" fw={500}>
                  Direction
                </Text>
                <SegmentedControl
                  name="direction"
                  fullWidth
                  orientation={compact ? 'vertical' : 'horizontal'}
                  value={direction}
                  onChange={(value) => form.setFieldValue('direction', value)}
                  data={DIRECTIONS.map((value) => ({ value, label: directionLabel(value) }))}
                  aria-labelledby="ride-direction-label"
                />
              </Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NumberInput
                  {...maxProps}
                  name="maxPassengers"
                  label="Maximum Total Passengers"
                  description={`From ${MIN_PASSENGERS} to ${MAX_PASSENGERS}, including your group`}
                  min={MIN_PASSENGERS}
                  max={MAX_PASSENGERS}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  required
                  onChange={(value: string | number) => {
                    form.setFieldValue('maxPassengers', value);
                    const ceiling = groupCeiling(value);
                    const group = form.getValues().organizerPassengerCount;
                    if (group !== '' && clampPassengerCount(group, ceiling) !== Number(group)) {
                      form.setFieldValue('organizerPassengerCount', clampPassengerCount(group, ceiling));
                    }
                  }}
                />
                <TextInput
                  {...dateProps}
                  display={repeating ? 'none' : undefined}
                  name="date"
                  type="datetime-local"
                  label="Date and Time"
                  description="Singapore time (GMT+8)"
                  required
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    // docs/product.md#ride-form-validation: a picked value that is not a date (a half-cleared picker gives '') is
                    // ignored, so the last good date-time stays.
                    if (fromSingaporeInputValue(value) !== null) form.setFieldValue('date', value);
                  }}
                />
              </SimpleGrid>
              {schedule?.node}
              <Stack gap={4}>
                <Text component="div" id="ride-crossing-label" size="sm" fw={500}>
                  Crossing
                </Text>
                <SegmentedControl
                  name="crossing"
                  fullWidth
                  orientation={compact ? 'vertical' : 'horizontal'}
                  value={form.values.crossing}
                  onChange={(value) => form.setFieldValue('crossing', value)}
                  data={CROSSINGS.map((value) => ({ value, label: CROSSING_LABELS[value] }))}
                  aria-labelledby="ride-crossing-label"
                  aria-describedby="ride-crossing-help"
                />
                <Text id="ride-crossing-help" size="xs" c="dimmed">
                  The checkpoints riders see on the day of the trip
                </Text>
              </Stack>
            </Stack>
          </Card>

          <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Title order={2} size="h4">
                Locations
              </Title>
              <NumberInput
                {...groupProps}
                name="organizerPassengerCount"
                label="Number of Passengers at Your Location"
                description="You and anyone travelling with you"
                min={MIN_PASSENGERS}
                max={groupCeiling(form.values.maxPassengers)}
                allowDecimal={false}
                allowNegative={false}
                required
                onChange={(value) => {
                  form.setFieldValue(
                    'organizerPassengerCount',
                    value === '' ? '' : clampPassengerCount(value, groupCeiling(form.getValues().maxPassengers)),
                  );
                }}
                onBlur={(event) => {
                  const values = form.getValues();
                  form.setFieldValue(
                    'organizerPassengerCount',
                    clampPassengerCount(values.organizerPassengerCount, groupCeiling(values.maxPassengers)),
                  );
                  (groupProps.onBlur as ((event: unknown) => void) | undefined)?.(event);
                }}
              />
              <Textarea
                {...form.getInputProps('organizerLocation')}
                name="organizerLocation"
                label={texts.locationLabel}
                placeholder={texts.locationPlaceholder}
                description={LOCATION_HELPER_TEXT}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autosize
                minRows={4}
                maxRows={10}
                styles={{ input: { minHeight: 100 } }}
                required
              />
            </Stack>
          </Card>

          <RideCostFields form={form}>
            <MinPassengersField form={form} />
          </RideCostFields>

          {options}

          <Group justify="space-between" gap="sm" wrap="wrap-reverse">
            <Group gap="sm">
              <Button variant="default" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              {extraActions}
            </Group>
            <SubmitButton pending={pending} pendingLabel={editing ? 'Updating...' : 'Creating...'} miw={150}>
              {editing ? 'Update Ride' : repeating ? 'Create Weekly Rides' : 'Create Ride'}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {footer}
    </Page>
  );
}
