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

/**
 * The name a thumb shows for whom it is about (docs/record.md#thumbs): a vendor's company, else the
 * member's display name; the Discord username is always there to fall back on.
 *
 * @example thumbSubjectName({ companyName: 'Ace Cars', name: 'Raj', discordUsername: 'raj' }) // 'Ace Cars'
 */
export function thumbSubjectName(user: {
  companyName?: string | null;
  name?: string | null;
  discordUsername: string;
}): string {
  return firstFilled(user.companyName) ?? displayName(user) ?? user.discordUsername;
}
