/**
 * The profile's Discord card (docs/sign-in.md#linking): whether the account is linked and its name
 * verified, "Link Discord" (the server's flow with `intent=link`), the claim of one's Discord name
 * from an unverified holder (docs/sign-in.md#claim) and unlinking (only with a password set). It
 * also says what the last Discord round trip ended with (`?discord=` on /profile: a welcome, a
 * link, a name held by another account, or a refusal), always as a fixed sentence.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  DISCORD_LINKED_SENTENCE,
  DISCORD_NAME_TAKEN,
  DISCORD_NAME_TAKEN_SENTENCE,
  discordRefusalSentence,
} from '@rideshare/domain';

import { SectionCard } from '../../components/section-card';
import { VerifiedMark } from '../../components/verified-mark';
import type { SessionUser } from '../session';
import { DiscordButton, useDiscordParam, useSignInOptions } from '../discord/discord-sign-in';
import { useDiscordAccountActions } from './use-profile-mutations';

const WELCOME_SENTENCE =
  'Welcome! Your account is made with your Discord name. Add your phone numbers and Revolut username above so organizers and passengers can reach you.';

/** The fixed sentence (and its colour) for a `?discord=` value; null for anything else. */
function outcomeOf(value: string | null): { sentence: string; color: string } | null {
  if (value === 'welcome') return { sentence: WELCOME_SENTENCE, color: 'blue' };
  if (value === 'linked') return { sentence: DISCORD_LINKED_SENTENCE, color: 'green' };
  if (value === DISCORD_NAME_TAKEN) return { sentence: DISCORD_NAME_TAKEN_SENTENCE, color: 'yellow' };
  const refusal = discordRefusalSentence(value);
  return refusal ? { sentence: refusal, color: 'red' } : null;
}

export function DiscordAccountCard({ user }: { user: SessionUser }) {
  const { discordSignIn } = useSignInOptions();
  const outcome = outcomeOf(useDiscordParam());
  const { claim, unlink } = useDiscordAccountActions();
  if (!discordSignIn && !user.discordLinked && !outcome) return null;

  return (
    <SectionCard
      titleId="discord-account-title"
      title="Discord"
      description="Sign in with Discord, and show others your Discord name is really yours."
    >
      <Stack gap="sm">
        {outcome ? (
          <Alert color={outcome.color} variant="light" data-testid="discord-outcome">
            {outcome.sentence}
          </Alert>
        ) : null}
        {user.discordLinked ? (
          <Group gap={6} wrap="wrap">
            <Text size="sm">
              Linked to Discord as <strong>{user.discordName ?? user.discordUsername}</strong>
            </Text>
            <VerifiedMark verified={user.discordVerified} />
          </Group>
        ) : (
          <Text size="sm">Discord is not linked to this account.</Text>
        )}
        {user.discordLinked && !user.discordVerified && user.discordName ? (
          <Stack gap={6} align="flex-start">
            <Text size="sm" c="dimmed">
              Another account, not verified, holds the name {user.discordName}. Claim it: that account is renamed and
              keeps everything else.
            </Text>
            <Button size="sm" loading={claim.isPending} onClick={() => claim.mutate()}>
              Claim {user.discordName}
            </Button>
          </Stack>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {!user.discordLinked && discordSignIn ? (
            <DiscordButton returnTo="/profile" intent="link" label="Link Discord" />
          ) : null}
          {user.discordLinked ? (
            <Button
              size="sm"
              variant="default"
              disabled={!user.hasPassword}
              loading={unlink.isPending}
              onClick={() => unlink.mutate()}
            >
              Unlink Discord
            </Button>
          ) : null}
        </Group>
        {user.discordLinked && !user.hasPassword ? (
          <Text size="xs" c="dimmed">
            This account has no password yet, so Discord cannot be unlinked. Ask an administrator for a reset code to
            set one.
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
