// Redeeming a one-time reset code on /auth: the administrator issues a code over the API, then a
// signed-out visitor opens 'Forgot your password?', sets a new password through 'Have a reset
// code?', lands back on the Login tab with the username filled in and signs in with the new
// password (the old one no longer works, and the code cannot be used twice).
//
// The admin is 'e2e_admin', registered by the global setup and granted the right with admin:grant
// (the `adminAccount` fixture).
import type { Page } from '@playwright/test';

import { expect, test, type NewPage } from './support/fixtures';
import {
  field,
  loginViaApi,
  memberAccount,
  registerViaApi,
  screenshot,
  sidewaysOverflow,
  toast,
  type TestAccount,
} from './support/helpers';

const resetForm = (page: Page) => page.getByRole('form', { name: 'Have a reset code?' });

async function issueCode(
  newPage: NewPage,
  adminAccount: Pick<TestAccount, 'discordUsername' | 'password'>,
  discordUsername: string,
): Promise<string> {
  const admin = await newPage();
  await loginViaApi(admin, adminAccount);
  const response = await admin.request.post('/api/admin/reset-code', { data: { discordUsername } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { discordUsername: string; code: string; expiresAt: string };
  expect(body.discordUsername).toBe(discordUsername);
  return body.code;
}

async function fillResetForm(page: Page, values: { discordUsername: string; code: string; newPassword: string }) {
  const form = resetForm(page);
  await field(form, 'Discord Username').fill(values.discordUsername);
  await field(form, 'Reset Code').fill(values.code);
  await field(form, 'New Password').fill(values.newPassword);
  await field(form, 'Confirm New Password').fill(values.newPassword);
  await form.getByRole('button', { name: 'Reset Password' }).click();
}

test.describe('/auth reset code', () => {
  test('lets a user set a new password with a code from the admin, then log in with it', async ({
    newPage,
    adminAccount,
  }) => {
    const account = memberAccount({ name: 'Rosa Reset' });
    await registerViaApi(await newPage(), account);
    const code = await issueCode(newPage, adminAccount, account.discordUsername);
    const newPassword = 'chosen-by-rosa-1';

    const page = await newPage({ viewport: 'mobile' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(resetForm(page)).toBeVisible();

    // The form checks its fields before anything is sent.
    await field(resetForm(page), 'New Password').fill(newPassword);
    await field(resetForm(page), 'Confirm New Password').fill(`${newPassword}x`);
    await resetForm(page).getByRole('button', { name: 'Reset Password' }).click();
    await expect(resetForm(page).getByText('New passwords do not match')).toBeVisible();
    await expect(resetForm(page).getByText('Reset code is required')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'auth-reset-code-mobile');
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Typed the way people retype codes from a chat message: lower case, in groups.
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)}`.toLowerCase();
    await fillResetForm(page, { discordUsername: account.discordUsername, code: typed, newPassword });
    const done = toast(page, 'Success');
    await expect(done).toBeVisible();
    await expect(done).toContainText('Your password has been reset. You can now log in with your new password.', {
      useInnerText: true,
    });

    // Back on the Login tab, the username already there and the cursor in Password.
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(field(page, 'Discord Username')).toHaveValue(account.discordUsername);
    await expect(field(page, 'Password')).toBeFocused();
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();

    // The old password is gone, and the code worked exactly once.
    const old = await newPage();
    const refused = await old.request.post('/api/login', {
      data: { discordUsername: account.discordUsername, password: account.password },
    });
    expect(refused.status()).toBe(401);

    const again = await newPage();
    await again.goto('/auth');
    await again.getByRole('button', { name: 'Forgot your password?' }).click();
    await fillResetForm(again, { discordUsername: account.discordUsername, code, newPassword: 'another-choice-2' });
    const failed = toast(again, 'Password reset failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('This reset code is invalid, already used or expired.', { useInnerText: true });
    await expect(resetForm(again)).toBeVisible();
    await screenshot(again, 'auth-reset-code-desktop');
  });
});
