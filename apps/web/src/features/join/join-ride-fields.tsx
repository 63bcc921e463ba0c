/**
 * The join form's inputs and button, the same on the join screen and the detail page's join card
 * (state and rules come from `useJoinRide`).
 *
 * - `<JoinRideFields join={...} locationHint? />`: 'Number of Passengers' (1 up to the seats left)
 *   and the pick-up (SG->FC) or drop-off (FC->SG) location; `locationHint` is the screen's own
 *   helper text under the location; `stops`, the ride's stops offered before the location, with a
 *   warning when the typed place looks like one of them (docs/product.md#same-stop).
 * - `<JoinRideButton pending size? />`: 'Join Ride', 'Joining...' while pending.
 */
import { NumberInput, Textarea, type ButtonProps } from '@mantine/core';
import { MIN_PASSENGERS, type StopChoice } from '@rideshare/domain';

import { SubmitButton } from '../../components/submit-button';
import { LookalikeWarning, StopChoices } from './stop-choices';
import type { JoinRideForm } from './use-join-ride';

export function JoinRideFields({
  join,
  locationHint,
  locationPlaceholder,
  stops = [],
}: {
  /** The join form, or any form with the same fields (the waitlist's). */
  join: Pick<JoinRideForm, 'form' | 'limit' | 'locationLabel' | 'locationPlaceholder'>;
  locationHint?: string;
  /** Overrides the direction's placeholder (a map pin asks for a description). */
  locationPlaceholder?: string;
  /** The ride's stops to offer before the free-text field (`useStopChoices`). */
  stops?: readonly StopChoice[];
}) {
  const { form, limit } = join;
  return (
    <>
      <NumberInput
        {...form.getInputProps('passengerCount')}
        name="passengerCount"
        label="Number of Passengers"
        description={`Everyone travelling in your group, you included (up to ${String(limit)})`}
        min={MIN_PASSENGERS}
        max={limit}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        // Out-of-range numbers stay as typed, so the rule's message says what is wrong.
        clampBehavior="none"
        required
      />
      <StopChoices choices={stops} form={form} />
      <Textarea
        {...form.getInputProps('dropoffLocation')}
        name="dropoffLocation"
        label={join.locationLabel}
        placeholder={locationPlaceholder ?? join.locationPlaceholder}
        description={locationHint}
        autosize
        minRows={2}
        maxRows={6}
        required
      />
      <LookalikeWarning choices={stops} form={form} />
    </>
  );
}

export function JoinRideButton({ pending, size }: { pending: boolean; size?: ButtonProps['size'] }) {
  return (
    // Pressing the button would first blur the focused field, whose on-blur message then pushes the
    // button down before the mouse is released, and the click is lost. Keeping focus where it is
    // makes one press submit (and show every message) at once.
    <div onMouseDown={(event) => event.preventDefault()}>
      <SubmitButton pending={pending} pendingLabel="Joining..." fullWidth size={size}>
        Join Ride
      </SubmitButton>
    </div>
  );
}
