/**
 * `RideCard`: one ride in a list (docs/product.md#rides-list, docs/product.md#card-badge).
 *
 * Shows the direction (route codes with an arrow, then the words), the Singapore date, the
 * organiser ('Unknown Organizer' when unknown), passengers current/max, the price as every screen
 * tells it (docs/payments.md#price-story: the estimate now and if full before the lock, the viewer's
 * own share or "SGD z if you join" after it, nothing for a cancelled ride), and the badge
 * (Cancelled / Past / Full / Your Ride / Join, from the domain; a ride the viewer already has a seat
 * on reads 'Joined' where the domain says 'Join'). Seats held for the waitlist count as taken for the
 * badge and the join action (a ride whose free seats are all held reads Full), and the passenger line
 * says how many are held. A cancelled ride also shows its reason. Past rides are dimmed. The whole
 * card opens /rides/{id}. At a glance (docs/product.md#at-a-glance): the pick-up (SG->FC) or
 * drop-off (FC->SG) areas, shortened; seats left and whether a driver was found, in words; and,
 * given `standing`, where the viewer stands on the ride in one line.
 *
 * Default actions: 'Join Ride' (→ /rides/{id}/join) when the viewer may join — for a signed-out
 * visitor, whenever the ride is still open to anyone, so the login guard can take them there;
 * never for a vendor account — and, for approved vendors whose licence covers the ride, 'Assign
 * Ride' (→ /vendor?rideId={id}) while the ride can still be assigned.
 * Pass `actions` to show other buttons instead (My Rides does).
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  areasLine,
  assertCanAssign,
  cardBadge,
  driverWords,
  directionLabel,
  DomainError,
  formatRideDate,
  isCancelled,
  isFull,
  isPast,
  joinEligibility,
  organizerName,
  rideAreas,
  seatsWords,
  standingLine,
  type CardBadge,
  type Direction,
  type ViewerStanding,
  withHeldSeats,
} from '@rideshare/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { PriceStoryLine, storyOf } from '../cost/price-story-line';
import { useOwnShare } from '../payments/use-own-share';
import { SeriesBadge } from '../series/series-badge';
import { TripProgressLine } from '../trip/trip-progress-line';
import classes from './ride-card.module.css';
import { VerifiedMark } from '../../components/verified-mark';
import type { RideCardRide } from '../../lib/api-types';
import { useClock } from '../../lib/clock';

export interface RideCardProps {
  ride: RideCardRide;
  /** The signed-in user's id, or null for a visitor. */
  viewerId: number | null;
  /** Whether the viewer already has a seat on this ride (they cannot join twice). */
  isPassenger?: boolean;
  /** An approved vendor whose licence lets it take this ride: the card offers Assign Ride. */
  isVendor?: boolean;
  /** Any vendor account (approved or not): it never joins a ride (docs/vendors.md#no-passenger). */
  isVendorAccount?: boolean;
  /** Buttons to show instead of the default Join / Assign actions. */
  actions?: ReactNode;
  /** Where the viewer stands on this ride (`ride.standing`); left out: nothing said. */
  standing?: ViewerStanding | null;
  /** The moment "past" is judged against; tests pin it. */
  now?: Date;
}

/**
 * The card's line of the one price story (docs/payments.md#price-story): "about SGD x each now,
 * SGD y if full" before the lock, "Your share SGD z" or "SGD z if you join" after, nothing once cancelled.
 */
function CardPrice({ ride, viewerId, now }: { ride: RideCardRide; viewerId: number | null; now: Date }) {
  return <PriceStoryLine story={storyOf(ride, useOwnShare(ride, viewerId), now)} />;
}

const BADGE_COLORS: Record<CardBadge, string> = {
  Cancelled: 'red',
  Past: 'gray',
  Full: 'red',
  'Your Ride': 'blue',
  Join: 'teal',
};

/** How far a past ride fades back; it stays readable, just clearly not on offer. */
const PAST_OPACITY = 0.6;

const ROUTE_CODES: Record<Direction, [string, string]> = {
  'SG->FC': ['SG', 'FC'],
  'FC->SG': ['FC', 'SG'],
};

/** A vendor may take the ride only while the domain says so (open and still ahead). */
function canAssign(ride: RideCardRide, now: Date): boolean {
  try {
    assertCanAssign({ ride, isVendor: true, now });
    return true;
  } catch (err) {
    if (err instanceof DomainError) return false;
    throw err;
  }
}

export function RideCard({
  ride,
  viewerId,
  isPassenger = false,
  isVendor = false,
  isVendorAccount = isVendor,
  actions,
  standing = null,
  now: givenNow,
}: RideCardProps) {
  const clock = useClock();
  const now = givenNow ?? clock();
  const label = directionLabel(ride.direction);
  const [from, to] = ROUTE_CODES[ride.direction];
  const date = formatRideDate(ride.date);
  const past = isPast(ride, now);
  const held = ride.heldSeats ?? 0;
  // Seats held for the waitlist are not free to a newcomer: they count as taken, as on the ride page.
  const seen = withHeldSeats(ride, held);
  const badge = cardBadge(seen, viewerId, now);
  // 'Join' would invite someone who already has a seat; they see 'Joined' there instead.
  const shownBadge: CardBadge | 'Joined' = badge === 'Join' && isPassenger ? 'Joined' : badge;

  // A visitor is never "eligible" (they are not signed in), yet the join action should lead them
  // to log in for any ride that still has room; the route guard sends them through /auth.
  const showJoin =
    viewerId == null
      ? !isCancelled(ride) && !past && !isFull(seen)
      : joinEligibility({ ride: seen, viewerId, isPassenger, now, isVendor: isVendorAccount }).eligible;
  const showAssign = isVendor && canAssign(ride, now);

  const defaultActions =
    showJoin || showAssign ? (
      <>
        {showJoin ? (
          <Button component={Link} to={`/rides/${ride.id}/join`} size="xs" aria-label={`Join ride: ${label}, ${date}`}>
            Join Ride
          </Button>
        ) : null}
        {showAssign ? (
          <Button
            component={Link}
            to={`/vendor?rideId=${ride.id}`}
            size="xs"
            variant="light"
            aria-label={`Assign ride: ${label}, ${date}`}
          >
            Assign Ride
          </Button>
        ) : null}
      </>
    ) : null;
  const shownActions = actions ?? defaultActions;
  const areas = rideAreas({ direction: ride.direction, dropoffLocations: ride.dropoffLocations ?? [] });
  const live = !past && !isCancelled(ride);

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      className={past ? `${classes.card} ${classes.past}` : classes.card}
      data-ride-id={ride.id}
      data-past={past ? 'true' : 'false'}
      style={past ? { opacity: PAST_OPACITY } : undefined}
      aria-label={`${label}, ${date}`}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" fw={700} c="dimmed" className={classes.route} aria-hidden="true">
              {from} → {to}
            </Text>
            <Text component={Link} to={`/rides/${ride.id}`} className={classes.titleLink} fw={700} size="lg" lh={1.3}>
              {label}
            </Text>
          </Stack>
          {shownBadge === 'Joined' ? (
            <Badge color="teal" variant="outline" style={{ flexShrink: 0 }} data-badge="Joined">
              Joined
            </Badge>
          ) : (
            <Badge
              color={BADGE_COLORS[shownBadge]}
              variant={shownBadge === 'Join' ? 'light' : 'filled'}
              style={{ flexShrink: 0 }}
              data-badge={shownBadge}
            >
              {shownBadge}
            </Badge>
          )}
        </Group>

        <Text size="sm">
          <time dateTime={ride.date}>{date}</time>
        </Text>
        <TripProgressLine ride={ride} />
        {standing ? (
          <Text size="sm" fw={600} c="blue.8" data-standing={standing.kind}>
            {standingLine(standing)}
          </Text>
        ) : null}
        {areas.names.length > 0 ? (
          <Text size="sm" truncate="end" data-areas title={areas.names.join(', ')}>
            <Text span c="dimmed">
              {areas.label}:
            </Text>{' '}
            {areasLine(areas.names)}
          </Text>
        ) : null}
        {ride.seriesId != null ? <SeriesBadge /> : null}
        {ride.cancelReason ? (
          <Text size="sm" c="var(--mantine-color-error)" lineClamp={2} data-testid="cancel-reason">
            Cancelled: {ride.cancelReason}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" truncate="end">
          Organizer:{' '}
          <Text span c="var(--mantine-color-text)" fw={500}>
            {organizerName({ name: ride.creatorName })}
          </Text>
          <VerifiedMark verified={ride.creatorVerified} />
        </Text>

        <Text size="sm" mt="auto">
          Passengers:{' '}
          <Text span fw={600}>
            {ride.currentPassengers}/{ride.maxPassengers}
          </Text>
          {held > 0 && live ? (
            <Text span c="dimmed" data-held-seats>
              {' '}
              · {held} held for the waitlist
            </Text>
          ) : null}
        </Text>
        {live ? (
          <Text size="sm" c="dimmed" data-ride-state>
            {seatsWords(seen)} · {driverWords(ride)}
          </Text>
        ) : null}
        <CardPrice ride={ride} viewerId={viewerId} now={now} />

        {shownActions ? (
          <Group gap="xs" className={classes.actions}>
            {shownActions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
