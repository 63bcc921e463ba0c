import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { createApiClient } from '../src/client';
import { createUser } from './factories';
import { sessionIdsOf } from './helpers/accounts';
import { useTestApp } from './helpers/app';

const t = useTestApp({ listen: true });

describe('createApiClient', () => {
  it('signs in, keeps the session cookie for later calls, and signs out server-side', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice', name: 'Alice' });
    const api = createApiClient({ baseUrl: `${t.baseUrl}/` });
    expect(api.hasSession()).toBe(false);
    expect(await api.trpc.auth.me.query()).toBeNull();

    const user = await api.signIn('alice', alice.password);
    expect(user).toMatchObject({ id: alice.id, discordUsername: 'alice', name: 'Alice', isAdmin: false });
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
    expect(api.hasSession()).toBe(true);
    expect(await sessionIdsOf(t.db, alice.id)).toHaveLength(1);

    // Several calls in one batch all carry the cookie.
    const [me, updated] = await Promise.all([
      api.trpc.auth.me.query(),
      api.trpc.user.update.mutate({ id: alice.id, name: 'Alice Tan' }),
    ]);
    expect(me).toMatchObject({ id: alice.id });
    expect(updated).toMatchObject({ name: 'Alice Tan' });

    await api.signOut();
    expect(api.hasSession()).toBe(false);
    expect(await sessionIdsOf(t.db, alice.id)).toHaveLength(0);
    expect(await api.trpc.auth.me.query()).toBeNull();
  });

  it('rejects a wrong password with the API error and keeps no session', async () => {
    await createUser(t.db, { discordUsername: 'bob' });
    const api = createApiClient({ baseUrl: t.baseUrl });
    const error = await api.signIn('bob', 'wrong-password').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).message).toBe('Invalid Discord username or password');
    expect((error as TRPCClientError<never>).data).toMatchObject({
      httpStatus: 401,
      code: 'UNAUTHORIZED',
      domainCode: 'INVALID_CREDENTIALS',
    });
    expect(api.hasSession()).toBe(false);
  });

  it('keeps separate sessions per client', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    const a = createApiClient({ baseUrl: t.baseUrl });
    const b = createApiClient({ baseUrl: t.baseUrl });
    await a.signIn('alice', alice.password);
    await b.signIn('bob', bob.password);
    expect(await a.trpc.auth.me.query()).toMatchObject({ id: alice.id });
    expect(await b.trpc.auth.me.query()).toMatchObject({ id: bob.id });
    const refused = await b.trpc.user.update.mutate({ id: alice.id, name: 'Nope' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<never>).data).toMatchObject({ httpStatus: 403, domainCode: 'NOT_OWN_PROFILE' });
  });

  it('loses the session when the password is changed from another session', async () => {
    const alice = await createUser(t.db, { discordUsername: 'alice' });
    const laptop = createApiClient({ baseUrl: t.baseUrl });
    const phone = createApiClient({ baseUrl: t.baseUrl });
    await laptop.signIn('alice', alice.password);
    await phone.signIn('alice', alice.password);
    await laptop.trpc.auth.changePassword.mutate({ currentPassword: alice.password, newPassword: 'alice-new-pass' });
    expect(await laptop.trpc.auth.me.query()).toMatchObject({ id: alice.id });
    expect(await phone.trpc.auth.me.query()).toBeNull();
  });
});
