/**
 * The "verified" mark beside a name whose Discord username was proven by signing in with Discord
 * (docs/sign-in.md#verified). One small badge, reused wherever a member's name shows: the ride's
 * organiser, the passengers list, the chat and the record. Nothing for an unverified name.
 */
import { Badge } from '@mantine/core';

export function VerifiedMark({ verified }: { verified: boolean | null | undefined }) {
  if (!verified) return null;
  return (
    <Badge
      component="span"
      size="xs"
      variant="light"
      color="teal"
      radius="sm"
      title="Discord name verified by signing in with Discord"
      data-testid="verified-mark"
      ml={4}
      style={{ verticalAlign: 'middle', flexShrink: 0 }}
    >
      verified
    </Badge>
  );
}
