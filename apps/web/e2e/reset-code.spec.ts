// Redeeming a one-time reset code on /auth: the administrator issues a code over the API, then a
// signed-out visitor opens 'Forgot your password?', sets a new password through 'Have a reset
// code?', lands back on the Login tab with the username filled in and signs in with the new
// password (the old one no longer works, and the code cannot be used twice).
//
// The admin is 'e2e_admin', registered by the global setup and granted the right with admin:grant
// (inject('adminAccount')).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { field, loginViaApi, memberAccount, registerViaApi, screenshot, setupBrowser, toast } from './support/browser';

const { newPage } = setupBrowser();

const resetForm = (page: Page) => page.getByRole('form', { name: 'Have a reset code?' });

async function issueCode(discordUsername: string): Promise<string> {
  const admin = await newPage();
  await loginViaApi(admin, inject('adminAccount'));
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

describe('/auth reset code', () => {
  it('lets a user set a new password with a code from the admin, then log in with it', async () => {
    const account = memberAccount({ name: 'Rosa Reset' });
    await registerViaApi(await newPage(), account);
    const code = await issueCode(account.discordUsername);
    const newPassword = 'chosen-by-rosa-1';

    const page = await newPage({ viewport: 'mobile' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await resetForm(page).waitFor();

    // The form checks its fields before anything is sent.
    await field(resetForm(page), 'New Password').fill(newPassword);
    await field(resetForm(page), 'Confirm New Password').fill(`${newPassword}x`);
    await resetForm(page).getByRole('button', { name: 'Reset Password' }).click();
    await resetForm(page).getByText('New passwords do not match').waitFor();
    await resetForm(page).getByText('Reset code is required').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'auth-reset-code-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Typed the way people retype codes from a chat message: lower case, in groups.
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)}`.toLowerCase();
    await fillResetForm(page, { discordUsername: account.discordUsername, code: typed, newPassword });
    const done = toast(page, 'Success');
    await done.waitFor();
    expect(await done.innerText()).toContain('Your password has been reset. You can now log in with your new password.');

    // Back on the Login tab, the username already there and the cursor in Password.
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    expect(await field(page, 'Discord Username').inputValue()).toBe(account.discordUsername);
    expect(await field(page, 'Password').evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Toggle navigation' }).waitFor();

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
    await failed.waitFor();
    expect(await failed.innerText()).toContain('This reset code is invalid, already used or expired.');
    await resetForm(again).waitFor();
    await screenshot(again, 'auth-reset-code-desktop');
  });
});
