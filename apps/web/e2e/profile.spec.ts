// The profile (/profile): editing one's details (kept after a reload; an HTML error page reads as a
// server error), changing one's password (then signing out and in with the new one), and the
// administrator's tools: resetting another user's password, who then signs in with it, and issuing
// a one-time reset code. Members who are not the admin never see Admin Tools. The calendar feed
// card keeps keyboard focus when the control that had it goes.
//
// The admin is 'e2e_admin', registered by the global setup and granted the right with admin:grant
// (inject('adminAccount')).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { signedInPage } from './ride-details-fixtures';
import {
  baseUrl,
  field,
  loginViaApi,
  loginViaUi,
  memberAccount,
  registerViaApi,
  screenshot,
  setupBrowser,
  toast,
} from './support/browser';

const { newPage } = setupBrowser();

const form = (page: Page, name: string): Locator => page.getByRole('form', { name, exact: true });
const adminTools = (page: Page): Locator => page.getByRole('heading', { name: 'Admin Tools' });

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await form(page, 'Profile').waitFor();
}

describe('/profile details', () => {
  it('saves changes that are still there after a reload', async () => {
    const account = memberAccount({ name: 'Petra Profile', whatsappNumber: '+65 9000 0001', revolutUsername: 'petra' });
    const { page } = await signedInPage(newPage, account);
    await openProfile(page);

    const details = form(page, 'Profile');
    const discord = field(details, 'Discord Username');
    expect(await discord.inputValue()).toBe(account.discordUsername);
    expect(await discord.getAttribute('readonly')).not.toBeNull();
    expect(await field(details, 'Full Name').inputValue()).toBe('Petra Profile');
    expect(await field(details, 'WhatsApp Number').getAttribute('placeholder')).toBe('+65...');
    expect(await field(details, 'Malaysian Phone Number').getAttribute('placeholder')).toBe('+60...');
    expect(await details.innerText()).toContain('Recommended for ride coordination');
    expect(await details.innerText()).toContain('For payment coordination');
    expect(await adminTools(page).count()).toBe(0);
    await screenshot(page, 'profile-desktop');

    await field(details, 'Full Name').fill('Petra Lim');
    await field(details, 'WhatsApp Number').fill('+65 9000 0002');
    await field(details, 'Malaysian Phone Number').fill('+60 12 000 0003');
    await field(details, 'Revolut Username').fill('');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Your profile has been updated').waitFor();

    await page.reload();
    await form(page, 'Profile').waitFor();
    const reloaded = form(page, 'Profile');
    expect(await field(reloaded, 'Full Name').inputValue()).toBe('Petra Lim');
    expect(await field(reloaded, 'WhatsApp Number').inputValue()).toBe('+65 9000 0002');
    expect(await field(reloaded, 'Malaysian Phone Number').inputValue()).toBe('+60 12 000 0003');
    expect(await field(reloaded, 'Revolut Username').inputValue()).toBe('');
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({
      name: 'Petra Lim',
      malaysianNumber: '+60 12 000 0003',
      revolutUsername: null,
    });
  });

  it('reads an HTML error page from the server as a server error, in a toast and under the form', async () => {
    const { page } = await signedInPage(newPage, memberAccount(), 'mobile');
    await openProfile(page);
    await page.route('**/trpc/user.update*', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>',
      }),
    );
    await field(form(page, 'Profile'), 'Full Name').fill('Never Saved');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const message = 'Failed to update profile: Server error: The server returned an HTML error instead of JSON';
    await toast(page, message).waitFor();
    expect(await page.getByTestId('profile-error').innerText()).toBe(message);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'profile-mobile');
  });
});

describe('/profile Password Settings', () => {
  it('changes the password; after logging out, only the new one signs in', async () => {
    const account = memberAccount({ name: 'Paul Password' });
    const { page } = await signedInPage(newPage, account);
    await openProfile(page);
    const passwords = form(page, 'Change password');

    await passwords.getByRole('button', { name: 'Change Password' }).click();
    await passwords.getByText('Please enter your current password').waitFor();
    await passwords.getByText('Please enter a new password').waitFor();

    await field(passwords, 'Current Password').fill('not-my-password');
    await field(passwords, 'New Password').fill('brand-new-pass-1');
    await field(passwords, 'Confirm New Password').fill('brand-new-pass-2');
    await passwords.getByRole('button', { name: 'Change Password' }).click();
    await passwords.getByText('New passwords do not match').waitFor();

    await field(passwords, 'Confirm New Password').fill('brand-new-pass-1');
    await passwords.getByRole('button', { name: 'Change Password' }).click();
    const refusal = toast(page, 'Password reset failed');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Current password is incorrect');

    await field(passwords, 'Current Password').fill(account.password);
    await passwords.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password reset successful!').waitFor();
    expect(await field(passwords, 'Current Password').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    // Logged out on a protected page, the app offers the sign-in screen and would return to
    // /profile after it; this journey signs in again from the public rides list instead.
    await page.goto('/home');
    const old = await page.request.post('/api/login', {
      data: { discordUsername: account.discordUsername, password: account.password },
    });
    expect(old.status()).toBe(401);
    await loginViaUi(page, { discordUsername: account.discordUsername, password: 'brand-new-pass-1' });
    await openProfile(page);
    expect(await field(form(page, 'Profile'), 'Full Name').inputValue()).toBe('Paul Password');
  });
});

describe('/profile Admin Tools', () => {
  it("lets the admin reset another user's password, and that user signs in with it", async () => {
    const target = memberAccount({ name: 'Rita Reset' });
    const targetPage = await newPage();
    await registerViaApi(targetPage, target);

    const page = await newPage();
    await loginViaApi(page, inject('adminAccount'));
    await openProfile(page);
    await adminTools(page).waitFor();

    const reset = form(page, "Reset a user's password");
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    await reset.getByText("Please enter the user's Discord username").waitFor();
    await field(reset, "User's Discord Username").fill(target.discordUsername);
    await field(reset, "User's New Password").fill('short');
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    await reset.getByText('New password must be at least 8 characters long').waitFor();
    await field(reset, "User's New Password").fill('admin-set-pass-1');
    await field(reset, "Confirm User's New Password").fill('admin-set-pass-1');
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    const done = toast(page, `Password for ${target.discordUsername} has been reset`);
    await done.waitFor();
    expect(await done.innerText()).toContain('Success');

    await field(reset, "User's Discord Username").fill('nobody_by_this_name');
    await field(reset, "User's New Password").fill('admin-set-pass-2');
    await field(reset, "Confirm User's New Password").fill('admin-set-pass-2');
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    await toast(page, 'Admin password reset failed').waitFor();

    await screenshot(page, 'profile-admin-desktop');

    const fresh = await newPage();
    await loginViaUi(fresh, { discordUsername: target.discordUsername, password: 'admin-set-pass-1' });
  });

  it('issues a one-time reset code the admin can copy and the user can redeem', async () => {
    const target = memberAccount({ name: 'Cody Code' });
    const targetPage = await newPage();
    await registerViaApi(targetPage, target);

    const page = await newPage({ viewport: 'mobile' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await loginViaApi(page, inject('adminAccount'));
    await openProfile(page);
    const issue = form(page, 'Issue reset code');
    await field(issue, "User's Discord Username").fill(target.discordUsername);
    await issue.getByRole('button', { name: 'Issue reset code' }).click();
    const code = (await page.getByTestId('reset-code').innerText()).trim();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    expect(await page.getByText(/^Expires /).innerText()).toMatch(
      /Expires \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m/,
    );

    await page.getByRole('button', { name: 'Copy code' }).click();
    await toast(page, 'Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await screenshot(page, 'profile-admin-mobile');

    const redeemed = await targetPage.request.post('/api/complete-password-reset', {
      data: { discordUsername: target.discordUsername, code, newPassword: 'chosen-by-cody-1' },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    const fresh = await newPage();
    await loginViaUi(fresh, { discordUsername: target.discordUsername, password: 'chosen-by-cody-1' });
  });

  it('never shows Admin Tools to a member who is not the admin', async () => {
    const { page } = await signedInPage(
      newPage,
      memberAccount({ discordUsername: `e2e_admin_lookalike_${Date.now().toString(36)}` }),
    );
    await openProfile(page);
    await page.getByRole('heading', { name: 'Password Settings' }).waitFor();
    expect(await adminTools(page).count()).toBe(0);
    expect(await page.getByRole('form', { name: "Reset a user's password" }).count()).toBe(0);
    const refused = await page.request.post('/api/admin/reset-user-password', {
      data: { discordUsername: 'e2e_admin', newPassword: 'hijack-attempt-1' },
    });
    expect(refused.status()).toBe(403);
  });
});

describe('/profile calendar feed', () => {
  /** The focused element's accessible hint: its label text or its own text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return null;
      const label = active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null;
      return (label ?? active.textContent ?? '').trim();
    });

  it('moves focus to the new link, then to Create feed link once turned off (keyboard only)', async () => {
    const { page } = await signedInPage(newPage, memberAccount({ name: 'Cal Endar' }));
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    const create = card.getByRole('button', { name: 'Create feed link' });
    await create.focus();
    await page.keyboard.press('Enter');
    await card.getByLabel('Your calendar feed link').waitFor();
    await expect.poll(() => focused(page)).toBe('Your calendar feed link');

    await card.getByRole('button', { name: 'Rotate link' }).focus();
    await page.keyboard.press('Enter');
    const rotate = page.getByRole('dialog', { name: 'Rotate your feed link?' });
    await rotate.getByRole('button', { name: 'Rotate link' }).focus();
    await page.keyboard.press('Enter');
    await rotate.waitFor({ state: 'detached' });
    // Past the dialog's own focus return: still on the new link, not back on 'Rotate link'.
    await page.waitForTimeout(300);
    expect(await focused(page)).toBe('Your calendar feed link');

    await card.getByRole('button', { name: 'Turn off' }).focus();
    await page.keyboard.press('Enter');
    const turnOff = page.getByRole('dialog', { name: 'Turn off your calendar feed?' });
    await turnOff.getByRole('button', { name: 'Turn off' }).focus();
    await page.keyboard.press('Enter');
    await turnOff.waitFor({ state: 'detached' });
    await create.waitFor();
    await page.waitForTimeout(300);
    expect(await focused(page)).toBe('Create feed link');
  });
});
