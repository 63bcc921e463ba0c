import type { Database, DriverDetails } from '@rideshare/db';
import type { Kysely } from 'kysely';

import { hashPassword } from '../src/auth/password';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let cachedHash: Promise<string> | null = null;
/** One hash for the default password, computed once per file (argon2 is deliberately slow). */
function defaultHash(): Promise<string> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD, { memoryCost: 1024, timeCost: 1 });
  return cachedHash;
}

let counter = 0;

export interface UserOverrides {
  discordUsername?: string;
  password?: string;
  name?: string | null;
  whatsappNumber?: string | null;
  malaysianNumber?: string | null;
  revolutUsername?: string | null;
  isVendor?: boolean;
  companyName?: string | null;
  driverDetails?: DriverDetails | null;
}

export interface TestUser {
  id: number;
  discordUsername: string;
  password: string;
  isVendor: boolean;
  name: string | null;
}

export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}): Promise<TestUser> {
  counter += 1;
  const discordUsername = overrides.discordUsername ?? `user${String(counter)}_${String(Date.now() % 100000)}`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const passwordHash =
    password === DEFAULT_PASSWORD ? await defaultHash() : await hashPassword(password, { memoryCost: 1024, timeCost: 1 });
  const isVendor = overrides.isVendor ?? false;
  const row = await db
    .insertInto('users')
    .values({
      discordUsername,
      passwordHash,
      name: overrides.name === undefined ? `Name ${discordUsername}` : overrides.name,
      whatsappNumber: overrides.whatsappNumber ?? null,
      malaysianNumber: overrides.malaysianNumber ?? null,
      revolutUsername: overrides.revolutUsername ?? null,
      isVendor,
      companyName: overrides.companyName ?? (isVendor ? 'Test Transport Co' : null),
      driverDetails: JSON.stringify(
        overrides.driverDetails ?? (isVendor ? { name: 'Driver D', contact: '+6591234567', carNumber: 'SGX1234A' } : null),
      ),
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, discordUsername, password, isVendor, name: row.name };
}

export function createVendor(db: Kysely<Database>, overrides: UserOverrides = {}): Promise<TestUser> {
  return createUser(db, { ...overrides, isVendor: true });
}
