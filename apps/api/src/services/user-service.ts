import type { Database } from '@rideshare/db';
import { assertOwnProfile, type UpdateProfileInput } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { updateUserProfile, type PublicUser } from '../repositories/user-repository';

/**
 * Updates the caller's own profile (name, WhatsApp number, Malaysian number, Revolut username);
 * anybody else's is refused. Answers the updated user, or null when the account no longer exists.
 */
export async function updateOwnProfile(
  db: Kysely<Database>,
  args: { actorId: number; input: UpdateProfileInput },
): Promise<PublicUser | null> {
  const { id, ...changes } = args.input;
  assertOwnProfile(args.actorId, id);
  return updateUserProfile(db, id, changes);
}
