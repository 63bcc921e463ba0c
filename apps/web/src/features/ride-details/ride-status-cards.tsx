/**
 * The cards the ride detail page shows instead of the join form (docs/product.md#ride-detail):
 *
 * - `<LoginRequiredCard full />`: 'Login Required' with 'Login or Register' to /auth (signed out);
 *   on a full ride it says that logging in offers the waitlist, and the login page says so too.
 * - `<JoinedCard past />`: 'You've Joined This Ride', or 'This Ride Is Completed' once past, with
 *   'View Your Rides' to /home.
 * - `<PastRideCard />`: 'This Ride Is In The Past' (past and not joined).
 * - `<FullRideCard />`: no spots left.
 * - `<CancelledRideCard />`: 'This Ride Was Cancelled' (it cannot be joined any more).
 * - `<OrganizerCard past cancelled />`: the viewer organised the ride.
 * - `<VendorCannotJoinCard message />`: a vendor account, which never rides as a passenger
 *   (docs/vendors.md#no-passenger), with the way to its dashboard.
 */
import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { AccentCard } from '../../components/accent-card';
import { fromHere } from '../session';

function StatusCard({
  title,
  children,
  action,
  color,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  color?: string;
}) {
  return (
    <AccentCard titleId={`status-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`} title={title} color={color}>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
      {action}
    </AccentCard>
  );
}

function ViewAvailableRides() {
  return (
    <Button component={Link} to="/home" variant="light">
      View Available Rides
    </Button>
  );
}

export const FULL_RIDE_LOGIN_REASON = 'This ride is full: log in to join its waitlist';

export function LoginRequiredCard({ children, full = false }: { children?: ReactNode; full?: boolean }) {
  const location = useLocation();
  return (
    <StatusCard
      title={full ? 'This Ride Is Full' : 'Login Required'}
      color="blue"
      action={
        <Button component={Link} to="/auth" state={fromHere(location, full ? FULL_RIDE_LOGIN_REASON : undefined)}>
          {full ? 'Log in to join the waitlist' : 'Login or Register'}
        </Button>
      }
    >
      {children ??
        (full
          ? 'Every seat is taken. Log in to join the waitlist: when a seat frees up, the first group that fits is offered it.'
          : 'Log in to join this ride, see who is travelling and contact the organizer.')}
    </StatusCard>
  );
}

export function JoinedCard({ past }: { past: boolean }) {
  return (
    <StatusCard
      title={past ? 'This Ride Is Completed' : "You've Joined This Ride"}
      color={past ? 'gray' : 'teal'}
      action={
        <Button component={Link} to="/home?tab=my-rides" variant="light">
          View Your Rides
        </Button>
      }
    >
      {past
        ? 'This trip has already taken place. Thanks for riding together!'
        : 'Your seat is booked. Keep in touch with the organizer and the other passengers before the trip.'}
    </StatusCard>
  );
}

export function PastRideCard() {
  return (
    <StatusCard title="This Ride Is In The Past" color="gray" action={<ViewAvailableRides />}>
      This ride has already departed, so it can no longer be joined.
    </StatusCard>
  );
}

export function FullRideCard() {
  return (
    <StatusCard title="This Ride Is Full" color="orange" action={<ViewAvailableRides />}>
      Every seat is taken. Look for another ride, or create your own.
    </StatusCard>
  );
}

export function VendorCannotJoinCard({ message }: { message: string }) {
  return (
    <StatusCard
      title="Vendors Drive, Not Ride"
      color="gray"
      action={
        <Button component={Link} to="/vendor" variant="light">
          Open Dashboard
        </Button>
      }
    >
      {message}
    </StatusCard>
  );
}

export function CancelledRideCard() {
  return (
    <StatusCard title="This Ride Was Cancelled" color="red" action={<ViewAvailableRides />}>
      The organizer cancelled this ride, so it can no longer be joined. Look for another ride, or create your own.
    </StatusCard>
  );
}

export function OrganizerCard({ past, cancelled = false }: { past: boolean; cancelled?: boolean }) {
  return (
    <StatusCard title="You Are Organizing This Ride" color="blue">
      {cancelled
        ? 'You cancelled this ride. Everyone who joined sees your reason on this page.'
        : past
          ? 'This trip has already taken place.'
          : 'Passengers who join appear in the Passengers tab, with their contact details. Use Edit Ride above to change the date, seats or your location.'}
    </StatusCard>
  );
}
