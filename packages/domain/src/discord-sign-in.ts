/**
 * Sign in with Discord (docs/sign-in.md): why a sign-in was refused, as a short key the server puts
 * in `/login?discord=<key>` and the fixed sentence the login page shows for it (never text from the
 * address itself), and the names the account rules give.
 */

/** Every reason a Discord sign-in lands back on the login page. */
export const DISCORD_REFUSALS = {
  /** The state did not match the one this browser started with (forged, stale or missing). */
  state: 'Signing in with Discord did not start from this browser, or took too long. Please try again.',
  /** Discord refused the code: used already, expired or not ours. */
  code: 'Discord did not accept this sign-in (the link was used already or has expired). Please try again.',
  /** DISCORD_GUILD_ID is set and the Discord account is not a member of that server. */
  member: 'Only members of the community Discord server can sign in with Discord. Join the server, then try again.',
  /** The member said no on Discord's page. */
  denied: 'Discord sign-in was cancelled.',
  /** Discord answered with an error or could not be reached. */
  error: 'Discord could not be reached to sign you in. Please try again later.',
  /** `intent=link` without being signed in (the session ended meanwhile). */
  signin: 'Log in with your password first, then link Discord from your profile.',
  /** That Discord account is linked to another account already. */
  'in-use': 'That Discord account is already linked to another account.',
  /** Discord sign-in is not configured on this server. */
  off: 'Sign in with Discord is not available on this server.',
} as const;

export type DiscordRefusal = keyof typeof DISCORD_REFUSALS;

/**
 * The sentence for a `?discord=` value, or null for anything that is not one of the keys.
 *
 * @example discordRefusalSentence('member') // 'Only members of the community Discord server …'
 * @example discordRefusalSentence('<script>') // null
 */
export function discordRefusalSentence(value: unknown): string | null {
  if (typeof value !== 'string' || !Object.hasOwn(DISCORD_REFUSALS, value)) return null;
  return DISCORD_REFUSALS[value as DiscordRefusal];
}

/** What the profile says when the Discord member's name was held by an unlinked password account. */
export const DISCORD_NAME_TAKEN_SENTENCE =
  'An account with your Discord name already exists. If it is yours, sign in with its password and link Discord from your profile.';

/** The query value (`/profile?discord=name-taken`) that shows {@link DISCORD_NAME_TAKEN_SENTENCE}. */
export const DISCORD_NAME_TAKEN = 'name-taken';

/** What the profile says after a link (`/profile?discord=linked`). */
export const DISCORD_LINKED_SENTENCE = 'Discord is linked: you can now sign in with Discord or with your password.';

/**
 * The username a claimed holder is renamed to: the name, `-unverified-` and their id, so it stays
 * unique without asking anyone.
 *
 * @example unverifiedName('alice', 12) // 'alice-unverified-12'
 */
export function unverifiedName(name: string, userId: number): string {
  return `${name}-unverified-${String(userId)}`;
}

/**
 * The username a Discord member gets when their Discord name is held by another account: the name
 * with `-discord` (and a number from 2 when that is taken too), until they claim their own name.
 *
 * @example discordStandInName('alice', 1) // 'alice-discord'
 * @example discordStandInName('alice', 3) // 'alice-discord-3'
 */
export function discordStandInName(name: string, attempt: number): string {
  return attempt <= 1 ? `${name}-discord` : `${name}-discord-${String(attempt)}`;
}
