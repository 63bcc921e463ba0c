// The ride chat between four browsers (four contexts): the organiser, two riders and the assigned
// vendor each have the ride's Chat tab open; every message one of them sends shows on the others'
// pages without a reload (the app never polls: only the live stream brings it). The organiser
// deletes a message and everyone sees "message deleted". A member outside the party and a rider who
// left are refused, and a flood answers 429. At 1280 and 375 px. No time is asserted.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  markDocument,
  memberAccount,
  notReloaded,
  screenshot,
  sidewaysOverflow,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const thread = (page: Page) => page.getByTestId('chat-thread');
const messages = (page: Page) => page.getByTestId('chat-message');

/** Waits (bounded) until the page has its live stream open. */
async function streamOpen(page: Page): Promise<void> {
  await page.waitForResponse((response) => response.url().includes('/trpc/live.events'), { timeout: 20_000 });
}

async function openChat(page: Page, rideId: number): Promise<void> {
  const opened = streamOpen(page);
  await page.goto(`/rides/${String(rideId)}?tab=chat`);
  await opened;
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await markDocument(page);
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(thread(page).getByText(text)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`ride chat (${viewport})`, () => {
    test('the party talks live across browsers; the organiser deletes; outsiders and leavers are refused', async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(5),
        location: 'Pasir Ris MRT',
      });
      const { page: rider } = await signedInPage(memberAccount({ name: 'Rina Rider' }), viewport);
      await joinRideViaApi(rider, rideId, 'Tampines Mall');
      const { page: second, user: secondUser } = await signedInPage(memberAccount({ name: 'Sam Second' }), viewport);
      await joinRideViaApi(second, rideId, 'Bedok Mall');
      const { page: vendor } = await signedInPage(vendorAccount({ name: 'Vic Vendor' }), viewport);
      const assigned = await vendor.request.post(`/api/rides/${String(rideId)}/assign`);
      expect(assigned.status(), await assigned.text()).toBe(200);

      const party = [organiser, rider, second, vendor];
      for (const page of party) await openChat(page, rideId);

      await say(organiser, 'Meet at exit B of Pasir Ris MRT');
      await say(rider, 'Running 5 minutes late, sorry');
      await say(vendor, 'White Alphard, plate JQB 1234');
      await say(second, 'I have a big suitcase');

      for (const page of party) {
        await expect(messages(page)).toHaveCount(4);
        await expect(messages(page).nth(0)).toContainText('Meet at exit B');
        await expect(messages(page).nth(3)).toContainText('I have a big suitcase');
        expect(await notReloaded(page)).toBe(true);
      }
      await expect(messages(rider).nth(0)).toContainText('Organizer');
      await expect(messages(rider).nth(2)).toContainText('Driver');
      await screenshot(rider, `chat-${viewport}`);
      expect(await sidewaysOverflow(rider)).toBe(0);

      // The organiser removes the suitcase message; every page shows the stub.
      await messages(organiser)
        .nth(3)
        .getByRole('button', { name: /^Delete message from Sam Second/ })
        .click();
      await organiser
        .getByRole('dialog', { name: 'Delete this message?' })
        .getByRole('button', { name: 'Delete message' })
        .click();
      for (const page of party) {
        await expect(messages(page).nth(3)).toContainText('message deleted');
        await expect(messages(page).nth(3)).not.toContainText('suitcase');
      }

      // The organiser's thread keeps its place: scrolled up, a new message does not move it; at the
      // bottom, it follows the new one.
      for (let i = 1; i <= 12; i += 1) {
        const filler = await vendor.request.post(`/api/rides/${String(rideId)}/messages`, {
          data: { body: `Traffic update ${String(i)}` },
        });
        expect(filler.status()).toBe(201);
      }
      await expect(messages(organiser)).toHaveCount(16);
      const box = thread(organiser);
      await box.evaluate((element) => {
        element.scrollTop = 0;
        element.dispatchEvent(new Event('scroll'));
      });
      await rider.request.post(`/api/rides/${String(rideId)}/messages`, { data: { body: 'Are we there yet?' } });
      await expect(messages(organiser)).toHaveCount(17);
      expect(await box.evaluate((element) => element.scrollTop)).toBe(0);
      await box.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
        element.dispatchEvent(new Event('scroll'));
      });
      await rider.request.post(`/api/rides/${String(rideId)}/messages`, { data: { body: 'Almost at the checkpoint' } });
      await expect(messages(organiser)).toHaveCount(18);
      await expect
        .poll(() => box.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
        .toBeLessThan(48);

      // A member outside the party sees no chat, and the API refuses them.
      const { page: stranger } = await signedInPage(memberAccount({ name: 'Stan Stranger' }), viewport);
      await stranger.goto(`/rides/${String(rideId)}?tab=chat`);
      await expect(
        stranger.getByText("Only the ride's organizer, its riders and its assigned driver can use this chat"),
      ).toBeVisible();
      await expect(stranger.getByTestId('chat-thread')).toHaveCount(0);
      expect((await stranger.request.get(`/api/rides/${String(rideId)}/messages`)).status()).toBe(403);

      // The second rider leaves: their open page loses the chat, and the API refuses them at once.
      const list = await second.request.get(`/api/rides/${String(rideId)}/passengers`);
      const entries = (await list.json()) as { id: number; userId: number }[];
      const mine = entries.find((entry) => entry.userId === secondUser.id);
      expect(mine).toBeDefined();
      const left = await second.request.delete(`/api/rides/${String(rideId)}/passengers/${String(mine?.id)}`);
      expect(left.status(), await left.text()).toBe(200);
      expect((await second.request.get(`/api/rides/${String(rideId)}/messages`)).status()).toBe(403);
      await expect(
        second.getByText("Only the ride's organizer, its riders and its assigned driver can use this chat"),
      ).toBeVisible();
      const refused = await second.request.post(`/api/rides/${String(rideId)}/messages`, { data: { body: 'hello?' } });
      expect(refused.status()).toBe(403);

      // A flood is cut off with the reason.
      let status = 201;
      let answer = '';
      for (let sent = 0; sent < 25 && status === 201; sent += 1) {
        const response = await rider.request.post(`/api/rides/${String(rideId)}/messages`, {
          data: { body: `ping ${String(sent)}` },
        });
        status = response.status();
        answer = await response.text();
      }
      expect(status).toBe(429);
      expect(answer).toContain('You are sending messages too fast: at most 20 a minute.');
    });
  });
}
