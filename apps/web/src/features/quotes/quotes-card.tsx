/**
 * `<QuotesCard ride />`: on the organiser's page of an open ride still ahead, the vendors' live
 * quotes (docs/vendors.md#quotes), cheapest first: company, price for the whole ride, vehicle seats,
 * permit country and note, each with 'Accept'. Accepting asks first: before the price lock, what
 * each passenger would pay per person now and if full at that price (the domain's cost formulas);
 * after it, each rider's own share before and after (`payment.preview`, docs/payments.md#price-changes),
 * which the organiser confirms with the accept. Loading, empty and error states are part of the card.
 */
import { Button, Card, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';
import { formatSgd, priceChange, type PriceChange } from '@rideshare/domain';
import { Fragment, useState } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SubmitButton } from '../../components/submit-button';
import { trpc } from '../../lib/trpc';
import type { RideDetail, RideQuote } from '../../lib/api-types';
import { RecordLine } from '../record/record-line';
import { useAcceptQuote } from './use-quotes';

const COUNTRY: Record<string, string> = { SG: 'Singapore', MY: 'Malaysia' };

function companyOf(quote: RideQuote): string {
  return quote.vendor.companyName ?? 'A vendor';
}

function PerPerson({ change }: { change: PriceChange }) {
  return (
    <Stack gap={4} data-testid="accept-per-person">
      <Text size="sm">
        Per person now: {formatSgd(change.nowBefore, 2)} → <strong>{formatSgd(change.nowAfter, 2)}</strong>
      </Text>
      <Text size="sm">
        Per person if full: {formatSgd(change.ifFullBefore, 2)} → <strong>{formatSgd(change.ifFullAfter, 2)}</strong>
      </Text>
    </Stack>
  );
}

/** After the lock: each rider's share before and after the quote, with any top-up a paid rider owes. */
function SharesChange({ rideId, price }: { rideId: number; price: number }) {
  const preview = trpc.payment.preview.useQuery({ rideId, cost: price });
  if (preview.isPending) return <LoadingBlock label="Loading the new shares" />;
  if (preview.isError) {
    return (
      <LoadErrorAlert
        title="The new shares could not be loaded"
        error={preview.error}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  }
  const { changes, totalBefore, totalAfter } = preview.data;
  return (
    <Stack gap={4} data-testid="accept-shares">
      <Text size="sm">
        Ride total: {formatSgd(totalBefore, 2)} → <strong>{formatSgd(totalAfter, 2)}</strong>. The price is locked, so
        each rider&apos;s share changes as below and they are told why; you take the rest.
      </Text>
      {changes.map((change) => (
        <Text size="sm" key={change.passengerId}>
          {change.name}
          {change.left ? ' (left)' : ''}: {formatSgd(change.before, 2)} → <strong>{formatSgd(change.after, 2)}</strong>
          {change.topUpDue > 0 ? ` · ${formatSgd(change.topUpDue, 2)} top-up due` : ''}
          {change.refundDue > 0 ? ` · refund ${formatSgd(change.refundDue, 2)}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function AcceptModal({ ride, quote, onClose }: { ride: RideDetail; quote: RideQuote; onClose: () => void }) {
  const { accept, pendingQuoteId } = useAcceptQuote();
  const pending = pendingQuoteId === quote.id;
  const company = companyOf(quote);
  const change = priceChange(ride, quote.price);
  const locked = Boolean(ride.priceLockedAt);
  return (
    <Modal opened onClose={() => (pending ? undefined : onClose())} title={`Accept ${company}'s quote?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The ride will be assigned to {company}, its base cost becomes {formatSgd(quote.price)} (now{' '}
          {formatSgd(ride.cost)}), and every other quote is declined. Your passengers are told.
        </Text>
        {locked ? <SharesChange rideId={ride.id} price={quote.price} /> : <PerPerson change={change} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Keep Looking
          </Button>
          <SubmitButton
            type="button"
            pending={pending}
            pendingLabel="Accepting..."
            onClick={() =>
              accept({ rideId: ride.id, quoteId: quote.id, ...(locked ? { confirmAmounts: true } : {}) }, onClose)
            }
            data-autofocus
          >
            Accept Quote
          </SubmitButton>
        </Group>
      </Stack>
    </Modal>
  );
}

function QuoteRow({ quote, onAccept }: { quote: RideQuote; onAccept: () => void }) {
  const company = companyOf(quote);
  const facts = [
    quote.vendor.vehicleSeats === null ? null : `${String(quote.vendor.vehicleSeats)} seats`,
    quote.vendor.permitCountry ? `${COUNTRY[quote.vendor.permitCountry] ?? quote.vendor.permitCountry} permit` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" component="li" data-quote-id={quote.id}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 0' }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {company}
        </Text>
        <Text size="sm" fw={700}>
          {formatSgd(quote.price)}
        </Text>
        <RecordLine userId={quote.vendor.id} role="vendor" />
        {facts.length > 0 ? (
          <Text size="xs" c="dimmed">
            {facts.join(' · ')}
          </Text>
        ) : null}
        {quote.note ? (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {quote.note}
          </Text>
        ) : null}
      </Stack>
      {/* The text beside it wraps; the button never shrinks, so 'Accept' is never cut. */}
      <Button
        size="sm"
        style={{ flexShrink: 0 }}
        onClick={onAccept}
        aria-label={`Accept ${company}'s quote of ${formatSgd(quote.price)}`}
      >
        Accept
      </Button>
    </Group>
  );
}

export function QuotesCard({ ride }: { ride: RideDetail }) {
  const quotes = trpc.quote.list.useQuery({ rideId: ride.id });
  const [accepting, setAccepting] = useState<RideQuote | null>(null);

  let body;
  if (quotes.isLoading) {
    body = <LoadingBlock height={64} radius="sm" label="Loading quotes" />;
  } else if (!quotes.data) {
    body = (
      <LoadErrorAlert
        title="Quotes could not be loaded"
        error={quotes.error}
        onRetry={() => void quotes.refetch()}
        retrying={quotes.isFetching}
        retryVariant="light"
      />
    );
  } else if (quotes.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No quotes yet. Approved vendors can offer their price for this ride; you choose one here.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Live quotes">
        {quotes.data.map((quote, index) => (
          <Fragment key={quote.id}>
            {index > 0 ? <Divider component="li" aria-hidden="true" /> : null}
            <QuoteRow quote={quote} onAccept={() => setAccepting(quote)} />
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quotes-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="quotes-title">
          Quotes
        </Title>
        {body}
      </Stack>
      {accepting ? <AcceptModal ride={ride} quote={accepting} onClose={() => setAccepting(null)} /> : null}
    </Card>
  );
}
