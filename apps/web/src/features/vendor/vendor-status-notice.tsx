/**
 * `VendorStatusNotice`: what a vendor whose account is not approved sees on /vendor instead of the
 * dashboard (docs/vendors.md#approval): its status in words (awaiting approval, or rejected /
 * suspended with the administrator's reason) and, while its application lacks the licence an
 * approval needs, what to add on the profile.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { joinWords, missingForApproval, singaporeDay, vendorStatusMessage } from '@rideshare/domain';
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
          <Text size="sm">
            An administrator checks every vendor&apos;s cross-border permit and vehicle before it can see or take rides.
            You will be told in your inbox when your account is decided.
          </Text>
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
