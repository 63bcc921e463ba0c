/**
 * Names are what they look like (docs/product.md#validation): invisible characters an outside
 * review got accepted (U+2060, U+00AD, U+3164, U+FFA0, U+2800, tag characters) are refused with 400
 * on register and on the profile, names are normalised to NFKC, and a name needs a visible letter
 * or digit.
 */
import { describe, expect, it } from 'vitest';

import { createUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

const register = (name: string, discordUsername: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { discordUsername, password: 'supersecret1', name },
  });

describe('names with invisible characters', () => {
  it.each([
    ['a word joiner', 'Ali\u2060ce'],
    ['a soft hyphen', 'Ali\u00adce'],
    ['the Hangul filler', '\u3164'],
    ['the half-width Hangul filler', 'Ali\uffa0'],
    ['the Braille blank', '\u2800\u2800'],
    ['tag characters', 'Ali\u{E0041}\u{E0042}'],
  ])('refuses %s on register and on the profile (400, nothing stored)', async (_label, name) => {
    const res = await register(name, 'invisible.name');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(
      'Name must be visible letters or digits: invisible or blank characters are not allowed',
    );
    const user = await createUser(t.db, { name: 'Alice' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${String(user.id)}`,
      headers: { cookie: await loginAs(t.app, user) },
      payload: { name },
    });
    expect(patched.statusCode).toBe(400);
    const row = await t.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Alice');
  });

  it('stores a name in NFKC', async () => {
    const res = await register('Ａｌｉ　Ｔａｎ', 'fullwidth.name');
    expect(res.statusCode).toBe(201);
    expect(res.json<{ name: string }>().name).toBe('Ali Tan');
  });
});
