// Sign in with Discord (docs/sign-in.md) at phone size, through the fake Discord the global setup
// starts and points the server at: "Continue with Discord" on Log in, Discord approves at once, the
// new member lands on their profile with the verified mark, and their name carries it on the ride
// they organise. A forged sign-in shows the login page's fixed sentence.
import type { Page } from '@playwright/test';
import { DISCORD_REFUSALS } from '@rideshare/domain';

import { expectAccessible } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { createRideViaApi, sidewaysOverflow, uniqueUsername } from './support/helpers';

/** Tells the fake Discord who approves the next sign-in. */
async function discordMemberIs(page: Page, fakeDiscordUrl: string, member: object): Promise<void> {
  const response = await page.request.post(`${fakeDiscordUrl}/_fake/member`, { data: member });
  expect(response.status()).toBe(200);
}

test('a member signs in with Discord at 375 px and is verified where their name shows', async ({ newPage, server }) => {
  const page = await newPage({ viewport: 'mobile' });
  const username = uniqueUsername('discord');
  await discordMemberIs(page, server.fakeDiscordUrl, { id: String(Date.now()), username, globalName: 'Dee Scord' });

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome to RideShare' })).toBeVisible();
  await expectAccessible(page, 'login with Discord');
  await page.getByRole('link', { name: 'Continue with Discord' }).click();

  // Discord approved and sent the browser back; the new account's profile asks for the rest.
  await expect(page).toHaveURL(/\/profile\?discord=welcome$/);
  await expect(page.getByTestId('discord-outcome')).toContainText('Your account is made with your Discord name');
  const card = page.getByRole('region', { name: 'Discord' });
  await expect(card).toContainText(`Linked to Discord as ${username}`);
  await expect(card.getByTestId('verified-mark')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectAccessible(page, 'profile after Discord sign-in');

  const me = await page.request.get('/api/auth/me');
  expect(await me.json()).toMatchObject({ discordUsername: username, name: 'Dee Scord', discordVerified: true });

  // Their name carries the mark on the ride they organise.
  const rideId = await createRideViaApi(page, { direction: 'SG->FC', location: 'Tampines MRT' });
  await page.goto(`/rides/${String(rideId)}`);
  const organiser = page.getByText('Organizer', { exact: true }).locator('..');
  await expect(organiser).toContainText('Dee Scord');
  await expect(organiser.getByTestId('verified-mark')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('a forged Discord sign-in lands on the login page with the reason', async ({ newPage, server }) => {
  const page = await newPage({ viewport: 'mobile' });
  await page.goto('/auth');
  // A tampered state: the server refuses before asking Discord anything.
  const response = await page.request.get('/api/auth/discord/callback?code=x&state=forged', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/login?discord=state');
  await page.goto('/login?discord=state');
  await expect(page.getByTestId('discord-refusal')).toHaveText(DISCORD_REFUSALS.state);
  await expect(page.getByRole('link', { name: 'Continue with Discord' })).toBeVisible();
  expect(server.fakeDiscordUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});
