/**
 * `VendorStatusNotice`: what a vendor whose account is not approved sees on /vendor instead of the
 * dashboard (docs/vendors.md#approval): its status in words (awaiting approval, or rejected /
 * suspended with the administrator's reason), while pending what happens next and how long it
 * usually takes, and, while its application lacks the licence an
 * approval needs, what to add on the profile.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  joinWords,
  missingForApproval,
  singaporeDay,
  VENDOR_REVIEW_USUAL_DAYS,
  vendorStatusMessage,
} from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { useClock } from '../../lib/clock';
import type { SessionUser } from '../session';

type VendorUser = Pick<
  SessionUser,
  'vendorStatus' | 'vendorStatusReason' | 'permit' | 'vehicleSeats' | 'driverDetails'
>;

export function VendorStatusNotice({ user }: { user: VendorUser }) {
  const now = useClock()();
  const message = vendorStatusMessage(user) ?? '';
  const missing =
    user.vendorStatus === 'pending'
      ? missingForApproval(
          { permit: user.permit, vehicleSeats: user.vehicleSeats, carNumber: user.driverDetails?.carNumber ?? null },
          singaporeDay(now),
        )
      : [];
  const color = user.vendorStatus === 'pending' ? 'blue' : 'red';
  return (
    <Alert color={color} variant="light" title={message} role="status" maw={640}>
      <Stack gap="sm" align="flex-start">
        {user.vendorStatus === 'pending' ? (
          <Stack gap={4} data-testid="vendor-next-steps">
            <Text size="sm" fw={600}>
              What happens next
            </Text>
            <Text size="sm">
              An administrator checks your cross-border permit and vehicle before you can see or take rides. This
              usually takes up to {VENDOR_REVIEW_USUAL_DAYS} working days. You will be told in your inbox (and on your
              phone, if you turn phone notifications on) as soon as your account is decided.
            </Text>
          </Stack>
        ) : (
          <Text size="sm">Until an administrator approves your account again, you cannot see or take rides.</Text>
        )}
        {missing.length > 0 ? (
          <Text size="sm" data-testid="vendor-missing">
            Before it can be approved, add {joinWords(missing)} on your profile.
          </Text>
        ) : null}
        <Button component={Link} to="/profile" variant="light" size="xs">
          Go to Profile
        </Button>
      </Stack>
    </Alert>
  );
}
