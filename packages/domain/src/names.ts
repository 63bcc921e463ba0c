import { firstFilled } from './text';

/**
 * The name a member goes by wherever the app shows them (cards, payments, notices, chat): their
 * name, trimmed, else their Discord username; undefined when neither is filled.
 *
 * @example displayName({ name: '  ', discordUsername: 'mei_tan' }) // 'mei_tan'
 */
export function displayName(
  user: { name?: string | null; discordUsername?: string | null } | null | undefined,
): string | undefined {
  return firstFilled(user?.name, user?.discordUsername);
}
