/**
 * `PermitExpiryAlert`: on the vendor dashboard from 30 days before the vendor's permit expires
 * (domain `permitExpiryWarning`; docs/vendors.md#licence-rules): rides departing after the expiry
 * day cannot be taken, so the vendor is asked to renew and update the permit on its profile.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { permitExpiryWarning, type Permit } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { useClock } from '../../lib/clock';

export function PermitExpiryAlert({ permit }: { permit: Permit | null }) {
  const now = useClock()();
  const days = permitExpiryWarning(permit, now);
  if (days === null || !permit) return null;
  const when =
    days < 0 ? 'has expired' : days === 0 ? 'expires today' : `expires in ${String(days)} day${days === 1 ? '' : 's'}`;
  return (
    <Alert color="orange" variant="light" title={`Your permit ${when} (${permit.expiresOn})`} role="status" mb="md">
      <Text size="sm">
        Rides departing after that day cannot be taken. Renew it and update it on your{' '}
        <Anchor component={Link} to="/profile">
          profile
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
