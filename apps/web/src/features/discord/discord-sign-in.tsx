/**
 * Sign in with Discord in the web app (docs/sign-in.md): whether the server offers it and password
 * sign-up (`config.get`), the "Continue with Discord" link that starts the flow on the server, and
 * the refusal the server names in `?discord=<reason>`, always shown as one of the fixed sentences
 * (never text from the address).
 */
import { Alert, Button } from '@mantine/core';
import { discordRefusalSentence } from '@rideshare/domain';
import { useLocation } from 'react-router-dom';

import { DiscordIcon } from '../../components/icons';
import { trpc } from '../../lib/trpc';

export interface SignInOptions {
  /** The server has Discord configured. */
  discordSignIn: boolean;
  /** Password sign-up is open (PASSWORD_SIGNUP). */
  passwordSignup: boolean;
  isLoading: boolean;
}

/** What the server offers; while unknown (or when the call fails) Discord is hidden and sign-up shown. */
export function useSignInOptions(): SignInOptions {
  const query = trpc.config.get.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false });
  return {
    discordSignIn: query.data?.discordSignIn ?? false,
    passwordSignup: query.data?.passwordSignup ?? true,
    isLoading: query.isPending,
  };
}

/** The server's start of the flow, returning to `returnTo` (a same-site path) afterwards. */
export function discordStartUrl(returnTo: string, intent?: 'link'): string {
  const params = new URLSearchParams({ returnTo });
  if (intent) params.set('intent', intent);
  return `/api/auth/discord?${params.toString()}`;
}

/** "Continue with Discord" (or another label): a plain link, since the flow leaves the app. */
export function DiscordButton({
  returnTo,
  intent,
  label = 'Continue with Discord',
}: {
  returnTo: string;
  intent?: 'link';
  label?: string;
}) {
  return (
    <Button
      component="a"
      href={discordStartUrl(returnTo, intent)}
      // The neutral button: its text keeps AA contrast in both colour schemes.
      variant="default"
      fullWidth={intent !== 'link'}
      leftSection={<DiscordIcon size={18} />}
    >
      {label}
    </Button>
  );
}

/** The `?discord=` value of the current address. */
export function useDiscordParam(): string | null {
  return new URLSearchParams(useLocation().search).get('discord');
}

/** The refusal sentence for the current address, if it names one. */
export function DiscordRefusalAlert() {
  const sentence = discordRefusalSentence(useDiscordParam());
  if (!sentence) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="discord-refusal">
      {sentence}
    </Alert>
  );
}
