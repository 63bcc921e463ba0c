/**
 * `VendorRideCard`: one ride on the vendor dashboard (docs/product.md#vendor-dashboard): direction (route
 * codes, then words, linking to /rides/{id}), Singapore date, organiser, passengers current/max, the
 * total fare, where to pick people up and set them down (the stops in Singapore in route order,
 * docs/product.md#route-order), and the ride's state in words (No driver
 * yet; Assigned to you on the vendor's own rides; Completed; docs/product.md#at-a-glance). With `onAssign` it offers 'Assign to Me' ('Assigning...' while `pending`);
 * `highlighted` marks the ride a /vendor?rideId= link points at: the card is outlined, scrolled
 * into view, and its assign button (or else its title link) takes the focus. With `driverActions`
 * (My Rides) a ride links to its driver's manifest (docs/vendors.md#manifest), and an assigned
 * ride offers 'Unassign' until 24 hours before departure (after that the button is disabled and
 * the card says why) and, once departed, 'Mark Completed'. `quoteControls` (available rides) sit
 * beside the assign button: the vendor's own quote, 'Quote' and 'Withdraw'.
 */
import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import {
  directionLabel,
  driverWords,
  formatRideDate,
  formatSgd,
  isPast,
  organizerName,
  totalCost,
  UNASSIGN_TOO_LATE_MESSAGE,
  vendorMayUnassign,
  type DropoffLocation,
} from '@rideshare/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { rideStops } from './ride-stops';
import { VerifiedMark } from '../../components/verified-mark';
import type { VendorRide } from '../../lib/api-types';
import type { DriverAction } from './use-driver-actions';
import classes from './vendor-ride-card.module.css';
import { TripProgressLine } from '../trip/trip-progress-line';
import { useClock } from '../../lib/clock';

export interface VendorRideCardProps {
  ride: VendorRide;
  /** Offer 'Assign to Me'; called when it is pressed. */
  onAssign?: () => void;
  pending?: boolean;
  /** Another ride's assignment is under way: the button waits its turn. */
  disabled?: boolean;
  highlighted?: boolean;
  /** My Rides: the assigned vendor's Unassign / Mark Completed buttons. */
  driverActions?: DriverActionsProps;
  /** Available rides: the vendor's own quote and its buttons. */
  quoteControls?: ReactNode;
}

export interface DriverActionsProps {
  onUnassign: () => void;
  onComplete: () => void;
  /** This ride's action under way, if any. */
  pending: DriverAction | null;
  /** Another ride's action is under way. */
  disabled: boolean;
}

const ROUTE_CODES: Record<string, string> = {
  'SG->FC': 'SG → FC',
  'FC->SG': 'FC → SG',
};

/** Routine states read calmly; only a cancelled ride is red. */
const STATE_COLORS: Record<string, string> = { open: 'gray', assigned: 'blue', completed: 'gray', cancelled: 'red' };

function paxLabel(count: number): string {
  return count === 1 ? '1 pax' : `${String(count)} pax`;
}

function Stops({ label, stops, withCounts }: { label: string; stops: DropoffLocation[]; withCounts: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <ul className={classes.stops} aria-label={label}>
        {stops.map((stop) => (
          <li key={stop.location}>
            <Text span size="sm">
              {stop.location}
            </Text>
            {withCounts ? (
              <Text span size="sm" c="dimmed">
                {' '}
                ({paxLabel(stop.passengerCount)})
              </Text>
            ) : null}
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/** 'Unassign' (disabled with the reason within 24 h) before departure; 'Mark Completed' after. */
function DriverActionButtons({ ride, actions, name }: { ride: VendorRide; actions: DriverActionsProps; name: string }) {
  const now = useClock()();
  if (ride.status !== 'assigned') return null;
  const busy = actions.pending !== null || actions.disabled;
  if (isPast(ride, now)) {
    return (
      <Button
        size="sm"
        color="green"
        onClick={actions.onComplete}
        disabled={busy}
        aria-busy={actions.pending === 'complete' || undefined}
        aria-label={actions.pending === 'complete' ? undefined : `Mark Completed: ${name}`}
      >
        {actions.pending === 'complete' ? 'Completing...' : 'Mark Completed'}
      </Button>
    );
  }
  const tooLate = !vendorMayUnassign(ride, now);
  const reasonId = `vendor-ride-${String(ride.id)}-unassign-reason`;
  return (
    <>
      <Button
        size="sm"
        variant="light"
        color="red"
        onClick={actions.onUnassign}
        disabled={busy || tooLate}
        aria-busy={actions.pending === 'unassign' || undefined}
        aria-label={actions.pending === 'unassign' ? undefined : `Unassign: ${name}`}
        aria-describedby={tooLate ? reasonId : undefined}
      >
        {actions.pending === 'unassign' ? 'Unassigning...' : 'Unassign'}
      </Button>
      {tooLate ? (
        <Text size="xs" c="dimmed" id={reasonId} w="100%">
          {UNASSIGN_TOO_LATE_MESSAGE}
        </Text>
      ) : null}
    </>
  );
}

export function VendorRideCard({
  ride,
  onAssign,
  pending = false,
  disabled = false,
  highlighted = false,
  driverActions,
  quoteControls,
}: VendorRideCardProps) {
  const label = directionLabel(ride.direction);
  const date = formatRideDate(ride.date);
  // A ride on the vendor's own list (with driver actions) that is still assigned is theirs to drive.
  const state = driverActions && ride.status === 'assigned' ? 'Assigned to you' : driverWords(ride);
  const { pickups, dropoffs } = rideStops(ride);
  const fcToSg = ride.direction === 'FC->SG';
  const titleId = `vendor-ride-${String(ride.id)}-title`;

  const cardRef = useRef<HTMLElement>(null);
  const assignRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    cardRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // preventScroll: the smooth scroll above centres the card; a focus jump would fight it.
    (assignRef.current ?? titleRef.current)?.focus({ preventScroll: true });
  }, [highlighted]);

  return (
    <Card
      ref={cardRef}
      withBorder
      padding="md"
      radius="md"
      component="article"
      className={highlighted ? `${classes.card} ${classes.highlighted}` : classes.card}
      data-ride-id={ride.id}
      data-highlighted={highlighted ? 'true' : undefined}
      aria-labelledby={titleId}
      aria-current={highlighted ? 'true' : undefined}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" fw={700} c="dimmed" aria-hidden="true">
              {ROUTE_CODES[ride.direction] ?? ride.direction}
            </Text>
            <Text
              component={Link}
              to={`/rides/${String(ride.id)}`}
              ref={titleRef}
              id={titleId}
              className={classes.titleLink}
              fw={700}
              size="lg"
              lh={1.3}
            >
              {label}
            </Text>
          </Stack>
          <Badge
            color={STATE_COLORS[ride.status] ?? 'gray'}
            variant="light"
            data-status={ride.status}
            style={{ flexShrink: 0 }}
          >
            {state}
          </Badge>
        </Group>

        <Text size="sm">
          <time dateTime={ride.date}>{date}</time>
        </Text>
        <TripProgressLine ride={ride} />
        <Text size="sm" c="dimmed" truncate="end">
          Organizer:{' '}
          <Text span c="var(--mantine-color-text)" fw={500}>
            {organizerName({ name: ride.creatorName })}
          </Text>
          <VerifiedMark verified={ride.creatorVerified} />
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            Passengers:{' '}
            <Text span fw={600}>
              {ride.currentPassengers}/{ride.maxPassengers}
            </Text>
          </Text>
          <Text size="sm">
            Total fare:{' '}
            <Text span fw={600}>
              {formatSgd(totalCost(ride))}
            </Text>
          </Text>
        </Group>

        <Stops label={pickups.length > 1 ? 'Pick-ups' : 'Pick-up'} stops={pickups} withCounts={!fcToSg} />
        <Stops label={dropoffs.length > 1 ? 'Drop-offs' : 'Drop-off'} stops={dropoffs} withCounts={fcToSg} />

        <Group gap="xs" mt="auto" pt="xs">
          {onAssign ? (
            <Button
              ref={assignRef}
              size="sm"
              onClick={onAssign}
              disabled={pending || disabled}
              aria-busy={pending || undefined}
              leftSection={pending ? <Loader size={14} color="currentColor" /> : undefined}
              aria-label={pending ? undefined : `Assign to Me: ${label}, ${date}`}
            >
              {pending ? 'Assigning...' : 'Assign to Me'}
            </Button>
          ) : null}
          {quoteControls}
          {driverActions ? (
            <DriverActionButtons ride={ride} actions={driverActions} name={`${label}, ${date}`} />
          ) : null}
          {driverActions && ride.status !== 'cancelled' ? (
            <Button
              component={Link}
              to={`/rides/${String(ride.id)}/manifest`}
              size="sm"
              variant="light"
              aria-label={`Manifest: ${label}, ${date}`}
            >
              Manifest
            </Button>
          ) : null}
          <Button
            component={Link}
            to={`/rides/${String(ride.id)}`}
            size="sm"
            variant="default"
            aria-label={`View details: ${label}, ${date}`}
          >
            View Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
