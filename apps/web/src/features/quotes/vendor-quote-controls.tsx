/**
 * `<VendorQuoteControls ride quote? loading? error? onRetry? />`: beside 'Assign to Me' on an
 * available ride, an approved vendor's own quote (docs/vendors.md#quotes): its live quote (price
 * and note) with 'Withdraw', and 'Quote' (or 'Change Quote') opening a form for the price of the
 * whole ride in SGD and an optional note, checked with the domain's `quoteFormSchema` (the server's
 * messages). While the vendor's quotes load the buttons wait; if they could not be loaded, the
 * card says so with 'Try again'.
 */
import { Button, Group, Loader, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  directionLabel,
  formatRideDate,
  formatSgd,
  MAX_QUOTE_NOTE_LENGTH,
  MAX_RIDE_COST,
  MIN_RIDE_COST,
  quoteFormSchema,
  totalCost,
  type QuoteFormValues,
} from '@rideshare/domain';
import { useState } from 'react';

import { SubmitButton } from '../../components/submit-button';
import { fieldErrors } from '../../lib/errors';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import type { VendorQuote, VendorRide } from '../../lib/api-types';
import { useVendorQuotes } from './use-quotes';

const FORM_NAME = 'quote';

export interface VendorQuoteControlsProps {
  ride: VendorRide;
  quote: VendorQuote | null;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
}

function QuoteModal({
  ride,
  quote,
  opened,
  onClose,
}: {
  ride: VendorRide;
  quote: VendorQuote | null;
  opened: boolean;
  onClose: () => void;
}) {
  const quotes = useVendorQuotes();
  const form = useForm<QuoteFormValues>({
    name: FORM_NAME,
    mode: 'controlled',
    initialValues: { price: quote ? String(quote.price) : '', note: quote?.note ?? '' },
    validateInputOnBlur: true,
    validate: zodResolver(quoteFormSchema),
  });
  const pending = quotes.submitting === ride.id;
  const close = () => {
    if (pending) return;
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(
    (values) => {
      const parsed = quoteFormSchema.parse(values);
      quotes.submit({ rideId: ride.id, price: parsed.price, note: parsed.note?.trim() ? parsed.note : null }, () => {
        form.reset();
        onClose();
      });
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );
  const serverErrors = quotes.submitError ? fieldErrors(quotes.submitError) : {};

  return (
    <Modal opened={opened} onClose={close} title={quote ? 'Change your quote' : 'Quote this ride'} centered>
      <form onSubmit={submit} noValidate aria-label="Quote">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {directionLabel(ride.direction)}, {formatRideDate(ride.date)}. Listed at {formatSgd(totalCost(ride))} for
            the whole ride. Your price replaces its base cost if the organizer accepts it.
            {quote ? ' Sending a new price replaces your current quote.' : ''}
          </Text>
          <NumberInput
            label="Price for the whole ride (SGD)"
            description={`A whole number from ${String(MIN_RIDE_COST)} to ${String(MAX_RIDE_COST)}`}
            min={MIN_RIDE_COST}
            max={MAX_RIDE_COST}
            allowDecimal={false}
            allowNegative={false}
            required
            data-autofocus
            {...form.getInputProps('price')}
            error={form.errors.price ?? serverErrors.price}
          />
          <TextInput
            label="Note (optional)"
            description={`Up to ${String(MAX_QUOTE_NOTE_LENGTH)} characters, e.g. the vehicle`}
            maxLength={MAX_QUOTE_NOTE_LENGTH}
            {...form.getInputProps('note')}
            error={form.errors.note ?? serverErrors.note}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <SubmitButton pending={pending} pendingLabel="Sending...">
              Send Quote
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function VendorQuoteControls({
  ride,
  quote,
  loading = false,
  error = false,
  onRetry,
}: VendorQuoteControlsProps) {
  const [opened, setOpened] = useState(false);
  const quotes = useVendorQuotes();
  const name = `${directionLabel(ride.direction)}, ${formatRideDate(ride.date)}`;
  if (loading) {
    return <Loader size="sm" role="status" aria-label="Loading your quote" />;
  }
  if (error) {
    return (
      <Group gap="xs" w="100%">
        <Text size="xs" c="red">
          Your quotes could not be loaded.
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    );
  }
  const withdrawing = quotes.withdrawing === ride.id;
  return (
    <>
      {quote ? (
        <Stack gap={2} w="100%" data-testid="own-quote">
          <Text size="sm">
            Your quote:{' '}
            <Text span fw={700}>
              {formatSgd(quote.price)}
            </Text>
          </Text>
          {quote.note ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {quote.note}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Button
        size="sm"
        variant="light"
        onClick={() => setOpened(true)}
        aria-label={`${quote ? 'Change Quote' : 'Quote'}: ${name}`}
      >
        {quote ? 'Change Quote' : 'Quote'}
      </Button>
      {quote ? (
        <SubmitButton
          type="button"
          size="sm"
          variant="subtle"
          color="red"
          pending={withdrawing}
          pendingLabel="Withdrawing..."
          onClick={() => quotes.withdraw(ride.id, quote.id)}
          aria-label={withdrawing ? undefined : `Withdraw quote: ${name}`}
        >
          Withdraw
        </SubmitButton>
      ) : null}
      {opened ? <QuoteModal ride={ride} quote={quote} opened={opened} onClose={() => setOpened(false)} /> : null}
    </>
  );
}
