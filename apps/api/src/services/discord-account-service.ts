/**
 * The account rules of Sign in with Discord (docs/sign-in.md#accounts): a Discord sign-in only
 * ever enters the account it made or the one linked to it; a name held by another account is
 * never taken over, only claimed from the profile by its verified owner; unlinking needs a
 * password. The procedure or route keeps the HTTP session; these decide and write.
 */
import type { Database } from '@rideshare/db';
import { DomainError, discordStandInName, unverifiedName } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import type { DiscordIdentity } from '../auth/discord-oauth';
import {
  findAccountByDiscordId,
  findAccountByIdForUpdate,
  findAccountByUsernameForUpdate,
  insertDiscordAccount,
  lockDiscordId,
  updateDiscordLink,
} from '../repositories/discord-account-repository';
import { listAdminIds } from '../repositories/user-repository';
import { notifyUsers } from './notify';

/** Stand-in names tried before giving up (`alice-discord`, `alice-discord-2`, …). */
const MAX_STAND_IN_ATTEMPTS = 50;

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** How a Discord sign-in ended: which account, and whether it was made now (and under which name). */
export interface DiscordSignIn {
  userId: number;
  /** `returning`: the linked account; `new`: made now with the Discord name; `name-taken`: made with a stand-in name. */
  outcome: 'returning' | 'new' | 'name-taken';
}

/**
 * Signs a Discord member in: the account linked to their Discord id, else a new account of their
 * own (never one that merely holds the same username). A returning member's verified mark follows
 * their Discord name as Discord says it now.
 */
export async function signInWithDiscord(db: Kysely<Database>, identity: DiscordIdentity): Promise<DiscordSignIn> {
  return db.transaction().execute(async (trx) => {
    await lockDiscordId(trx, identity.id);
    const linked = await findAccountByDiscordId(trx, identity.id);
    if (linked) {
      await updateDiscordLink(trx, linked.id, {
        discordId: identity.id,
        discordName: identity.username,
        discordVerified: sameName(linked.discordUsername, identity.username),
      });
      return { userId: linked.id, outcome: 'returning' };
    }
    const base = {
      name: identity.globalName ?? identity.username,
      discordId: identity.id,
      discordName: identity.username,
    };
    const made = await insertDiscordAccount(trx, { ...base, discordUsername: identity.username, verified: true });
    if (made !== null) return { userId: made, outcome: 'new' };
    // Another account holds the name: this member gets their own, under a stand-in name.
    for (let attempt = 1; attempt <= MAX_STAND_IN_ATTEMPTS; attempt += 1) {
      const standIn = discordStandInName(identity.username, attempt);
      const id = await insertDiscordAccount(trx, { ...base, discordUsername: standIn, verified: false });
      if (id !== null) return { userId: id, outcome: 'name-taken' };
    }
    throw new DomainError(
      'USERNAME_TAKEN',
      'No free username was found for your Discord account. Please ask an administrator.',
    );
  });
}

/** How a link ended: verified under the Discord name, or linked while another account holds that name. */
export type DiscordLinkOutcome = 'linked' | 'name-taken';

/** Why a link was refused (the login page's `?discord=` key). */
export class DiscordLinkRefused extends Error {
  constructor(readonly reason: 'in-use' | 'signin') {
    super(`Discord link refused: ${reason}`);
    this.name = 'DiscordLinkRefused';
  }
}

/**
 * Links the signed-in member's account to their Discord account. The account takes the Discord
 * name (and is verified) unless another account holds that name; then it stays as it is, linked
 * but unverified, and the member may claim the name (docs/sign-in.md#claim).
 */
export async function linkDiscord(
  db: Kysely<Database>,
  userId: number,
  identity: DiscordIdentity,
): Promise<DiscordLinkOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockDiscordId(trx, identity.id);
    const self = await findAccountByIdForUpdate(trx, userId);
    if (!self) throw new DiscordLinkRefused('signin');
    const other = await findAccountByDiscordId(trx, identity.id);
    if (other && other.id !== self.id) throw new DiscordLinkRefused('in-use');
    if (self.discordId !== null && self.discordId !== identity.id) throw new DiscordLinkRefused('in-use');
    const link = { discordId: identity.id, discordName: identity.username };
    if (sameName(self.discordUsername, identity.username)) {
      await updateDiscordLink(trx, self.id, { ...link, discordVerified: true });
      return 'linked';
    }
    const holder = await findAccountByUsernameForUpdate(trx, identity.username);
    if (holder && holder.id !== self.id) {
      await updateDiscordLink(trx, self.id, { ...link, discordVerified: false });
      return 'name-taken';
    }
    await updateDiscordLink(trx, self.id, { ...link, discordVerified: true, discordUsername: identity.username });
    return 'linked';
  });
}

/**
 * The verified owner claims their Discord name from the account that holds it without being
 * verified: that holder is renamed `name-unverified-<id>` (everything else kept) and told, every
 * administrator sees the claim, and the owner's account takes the name, verified. Nothing is
 * deleted.
 */
export async function claimDiscordName(db: Kysely<Database>, userId: number): Promise<{ renamed: string | null }> {
  return db.transaction().execute(async (trx) => {
    const self = await findAccountByIdForUpdate(trx, userId);
    if (!self?.discordId || !self.discordName) {
      throw new DomainError('DISCORD_NOT_LINKED', 'Link Discord from your profile first.');
    }
    if (self.discordVerified) {
      throw new DomainError('DISCORD_CLAIM_REFUSED', 'Your account already carries your verified Discord name.');
    }
    const name = self.discordName;
    const holder = await findAccountByUsernameForUpdate(trx, name);
    let renamed: string | null = null;
    if (holder && holder.id !== self.id) {
      if (holder.discordVerified) {
        throw new DomainError(
          'DISCORD_CLAIM_REFUSED',
          'That name belongs to a verified Discord member, so it cannot be claimed.',
        );
      }
      renamed = unverifiedName(holder.discordUsername, holder.id);
      await updateDiscordLink(trx, holder.id, {
        discordId: holder.discordId,
        discordName: holder.discordName,
        discordVerified: false,
        discordUsername: renamed,
      });
      await notifyUsers(trx, [holder.id], {
        kind: 'discord_name_claimed',
        rideId: null,
        rideDirection: null,
        rideDate: null,
        detail: renamed,
      });
      await notifyUsers(trx, await listAdminIds(trx), {
        kind: 'discord_name_claim',
        rideId: null,
        rideDirection: null,
        rideDate: null,
        detail: `${name} · ${renamed}`,
      });
    }
    await updateDiscordLink(trx, self.id, {
      discordId: self.discordId,
      discordName: name,
      discordVerified: true,
      discordUsername: name,
    });
    return { renamed };
  });
}

/** Unlinks Discord; refused while the account has no password (it could not sign in at all). */
export async function unlinkDiscord(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const self = await findAccountByIdForUpdate(trx, userId);
    if (!self?.discordId) throw new DomainError('DISCORD_NOT_LINKED', 'Discord is not linked to your account.');
    if (!self.hasPassword) {
      throw new DomainError(
        'PASSWORD_REQUIRED',
        'Set a password before unlinking Discord: without one you could not sign in. Ask an administrator for a reset code.',
      );
    }
    await updateDiscordLink(trx, self.id, { discordId: null, discordName: null, discordVerified: false });
  });
}
