// The profile (/profile): editing one's details (kept after a reload; an HTML error page reads as a
// server error), changing one's password (then signing out and in with the new one), and the
// administrator's tools: resetting another user's password, who then signs in with it, and issuing
// a one-time reset code. Members who are not the admin never see Admin Tools. The calendar feed
// card keeps keyboard focus when the control that had it goes.
//
// The admin is 'e2e_admin', registered by the global setup and granted the right with admin:grant
// (the `adminAccount` fixture).
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import {
  field,
  loginViaApi,
  loginViaUi,
  memberAccount,
  readClipboard,
  registerViaApi,
  screenshot,
  sidewaysOverflow,
  toast,
} from './support/helpers';

const form = (page: Page, name: string): Locator => page.getByRole('form', { name, exact: true });
const adminTools = (page: Page): Locator => page.getByRole('heading', { name: 'Password resets' });

/** The administrator's own page, reached from the top bar (`menu`: through the phone menu, below 768 px). */
async function openAdmin(page: Page, menu = false): Promise<void> {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await (menu ? page.getByRole('button', { name: 'Toggle navigation' }).click() : Promise.resolve());
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
}

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(form(page, 'Profile')).toBeVisible();
}

test.describe('/profile details', () => {
  test('saves changes that are still there after a reload', async ({ signedInPage }) => {
    const account = memberAccount({ name: 'Petra Profile', whatsappNumber: '+65 9000 0001', revolutUsername: 'petra' });
    const { page } = await signedInPage(account);
    await openProfile(page);

    const details = form(page, 'Profile');
    const discord = field(details, 'Discord Username');
    await expect(discord).toHaveValue(account.discordUsername);
    await expect(discord).toHaveAttribute('readonly');
    await expect(field(details, 'Full Name')).toHaveValue('Petra Profile');
    await expect(field(details, 'WhatsApp Number')).toHaveAttribute('placeholder', '+65...');
    await expect(field(details, 'Malaysian Phone Number')).toHaveAttribute('placeholder', '+60...');
    await expect(details).toContainText('Recommended for ride coordination', { useInnerText: true });
    await expect(details).toContainText('For payment coordination', { useInnerText: true });
    await expect(adminTools(page)).toHaveCount(0);
    await screenshot(page, 'profile-desktop');

    await field(details, 'Full Name').fill('Petra Lim');
    await field(details, 'WhatsApp Number').fill('+65 9000 0002');
    await field(details, 'Malaysian Phone Number').fill('+60 12 000 0003');
    await field(details, 'Revolut Username').fill('');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Your profile has been updated')).toBeVisible();

    await page.reload();
    await expect(form(page, 'Profile')).toBeVisible();
    const reloaded = form(page, 'Profile');
    await expect(field(reloaded, 'Full Name')).toHaveValue('Petra Lim');
    await expect(field(reloaded, 'WhatsApp Number')).toHaveValue('+65 9000 0002');
    await expect(field(reloaded, 'Malaysian Phone Number')).toHaveValue('+60 12 000 0003');
    await expect(field(reloaded, 'Revolut Username')).toHaveValue('');
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({
      name: 'Petra Lim',
      malaysianNumber: '+60 12 000 0003',
      revolutUsername: null,
    });
  });

  test('reads an HTML error page from the server as a server error, in a toast and under the form', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage(memberAccount(), 'mobile');
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
    await expect(toast(page, message)).toBeVisible();
    await expect(page.getByTestId('profile-error')).toHaveText(message, { useInnerText: true });
    await expect.poll(() => sidewaysOverflow(page)).toBe(0);
    await screenshot(page, 'profile-mobile');
  });
});

test.describe('/profile Password Settings', () => {
  test('changes the password; after logging out, only the new one signs in', async ({ signedInPage }) => {
    const account = memberAccount({ name: 'Paul Password' });
    const { page } = await signedInPage(account);
    await openProfile(page);
    const passwords = form(page, 'Change password');

    await passwords.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwords.getByText('Please enter your current password')).toBeVisible();
    await expect(passwords.getByText('Please enter a new password')).toBeVisible();

    await field(passwords, 'Current Password').fill('not-my-password');
    await field(passwords, 'New Password').fill('brand-new-pass-1');
    await field(passwords, 'Confirm New Password').fill('brand-new-pass-2');
    await passwords.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwords.getByText('New passwords do not match')).toBeVisible();

    await field(passwords, 'Confirm New Password').fill('brand-new-pass-1');
    await passwords.getByRole('button', { name: 'Change Password' }).click();
    const refusal = toast(page, 'Password reset failed');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('Current password is incorrect', { useInnerText: true });

    await field(passwords, 'Current Password').fill(account.password);
    await passwords.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password changed')).toBeVisible();
    await expect(field(passwords, 'Current Password')).toHaveValue('');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    // Logged out on a protected page, the app offers the sign-in screen and would return to
    // /profile after it; this journey signs in again from the public rides list instead.
    await page.goto('/home');
    const old = await page.request.post('/api/login', {
      data: { discordUsername: account.discordUsername, password: account.password },
    });
    expect(old.status()).toBe(401);
    await loginViaUi(page, { discordUsername: account.discordUsername, password: 'brand-new-pass-1' });
    await openProfile(page);
    await expect(field(form(page, 'Profile'), 'Full Name')).toHaveValue('Paul Password');
  });
});

test.describe('/admin', () => {
  test("lets the admin reset another user's password, and that user signs in with it", async ({
    newPage,
    adminAccount,
  }) => {
    const target = memberAccount({ name: 'Rita Reset' });
    const targetPage = await newPage();
    await registerViaApi(targetPage, target);

    const page = await newPage();
    await loginViaApi(page, adminAccount);
    await openAdmin(page);
    await expect(adminTools(page)).toBeVisible();

    const reset = form(page, "Reset a user's password");
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    await expect(reset.getByText("Please enter the user's Discord username")).toBeVisible();
    await field(reset, "User's Discord Username").fill(target.discordUsername);
    await field(reset, "User's New Password").fill('short');
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    await expect(reset.getByText('New password must be at least 8 characters long')).toBeVisible();
    await field(reset, "User's New Password").fill('admin-set-pass-1');
    await field(reset, "Confirm User's New Password").fill('admin-set-pass-1');
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    const done = toast(page, `Password for ${target.discordUsername} has been reset`);
    await expect(done).toBeVisible();
    await expect(done).toContainText('Success', { useInnerText: true });

    await field(reset, "User's Discord Username").fill('nobody_by_this_name');
    await field(reset, "User's New Password").fill('admin-set-pass-2');
    await field(reset, "Confirm User's New Password").fill('admin-set-pass-2');
    await reset.getByRole('button', { name: 'Reset User Password' }).click();
    await expect(toast(page, 'Admin password reset failed')).toBeVisible();

    await screenshot(page, 'profile-admin-desktop');

    const fresh = await newPage();
    await loginViaUi(fresh, { discordUsername: target.discordUsername, password: 'admin-set-pass-1' });
  });

  test('issues a one-time reset code the admin can copy and the user can redeem', async ({ newPage, adminAccount }) => {
    const target = memberAccount({ name: 'Cody Code' });
    const targetPage = await newPage();
    await registerViaApi(targetPage, target);

    const page = await newPage({ viewport: 'mobile', clipboard: true });
    await loginViaApi(page, adminAccount);
    await openAdmin(page, true);
    const issue = form(page, 'Issue reset code');
    await field(issue, "User's Discord Username").fill(target.discordUsername);
    await issue.getByRole('button', { name: 'Issue reset code' }).click();
    await expect(page.getByTestId('reset-code')).toHaveText(/^[A-HJKMNP-Z2-9]{12}$/);
    const code = (await page.getByTestId('reset-code').innerText()).trim();
    await expect(page.getByText(/^Expires /)).toHaveText(/Expires \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m/, {
      useInnerText: true,
    });

    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(toast(page, 'Copied')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toBe(code);
    await screenshot(page, 'profile-admin-mobile');

    const redeemed = await targetPage.request.post('/api/complete-password-reset', {
      data: { discordUsername: target.discordUsername, code, newPassword: 'chosen-by-cody-1' },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    const fresh = await newPage();
    await loginViaUi(fresh, { discordUsername: target.discordUsername, password: 'chosen-by-cody-1' });
  });

  test('shows a member who is not the admin the 404 page at /admin, and no Admin link', async ({ signedInPage }) => {
    const { page } = await signedInPage(
      memberAccount({ discordUsername: `e2e_admin_lookalike_${Date.now().toString(36)}` }),
    );
    await openProfile(page);
    await expect(page.getByRole('heading', { name: 'Password Settings' })).toBeVisible();
    await expect(adminTools(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(adminTools(page)).toHaveCount(0);
    await expect(page.getByRole('form', { name: "Reset a user's password" })).toHaveCount(0);
    const refused = await page.request.post('/api/admin/reset-user-password', {
      data: { discordUsername: 'e2e_admin', newPassword: 'hijack-attempt-1' },
    });
    expect(refused.status()).toBe(403);
  });
});

test.describe('/profile calendar feed', () => {
  test('moves focus to the new link, then to Create feed link once turned off (keyboard only)', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Cal Endar' }));
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    const create = card.getByRole('button', { name: 'Create feed link' });
    await create.focus();
    await page.keyboard.press('Enter');
    const link = card.getByLabel('Your calendar feed link');
    await expect(link).toBeFocused();

    await card.getByRole('button', { name: 'Rotate link' }).focus();
    await page.keyboard.press('Enter');
    const rotate = page.getByRole('dialog', { name: 'Rotate your feed link?' });
    await rotate.getByRole('button', { name: 'Rotate link' }).focus();
    await page.keyboard.press('Enter');
    // The dialog is gone, and with it its own focus return (which acts as it starts to close): the
    // focus is on the new link, not back on 'Rotate link'.
    await expect(rotate).toHaveCount(0);
    await expect(link).toBeFocused();

    await card.getByRole('button', { name: 'Turn off' }).focus();
    await page.keyboard.press('Enter');
    const turnOff = page.getByRole('dialog', { name: 'Turn off your calendar feed?' });
    await turnOff.getByRole('button', { name: 'Turn off' }).focus();
    await page.keyboard.press('Enter');
    await expect(turnOff).toHaveCount(0);
    await expect(create).toBeFocused();
  });
});
