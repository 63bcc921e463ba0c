// The drop-off sequence of a Forest City to Singapore ride: its organiser reorders the passengers by
// dragging and from the keyboard, the order survives a reload, then the organiser locks it and can
// no longer reorder.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  createRideViaApi,
  joinRideViaApi,
  JOURNEY_TIMEOUT_MS,
  latestToast as toast,
  setupJourneyBrowser,
  signedInPage,
} from './ride-details-fixtures';
import { memberAccount, screenshot } from './support/browser';

const { newPage } = setupJourneyBrowser();

const panel = (page: Page) => page.getByRole('region', { name: 'Drop-off Sequence' });
const rows = (page: Page) => panel(page).getByTestId('sequence-row');
// The drag handles ('Move Ann, currently stop 1 of 4'); the Move up / Move down buttons stay, disabled, once locked.
const handles = (page: Page) => panel(page).getByRole('button', { name: /currently stop/ });

/** Each row as 'Stop #n Name', top to bottom. */
async function order(page: Page): Promise<string[]> {
  await rows(page).first().waitFor();
  const texts = await rows(page).evaluateAll((nodes) =>
    nodes.map((node) => {
      const badge = node.querySelector('.mantine-Badge-label')?.textContent ?? '';
      const name = node.querySelector('[data-sequence-name]')?.textContent ?? '';
      return `${badge} ${name}`.trim();
    }),
  );
  return texts;
}

const names = async (page: Page) => (await order(page)).map((row) => row.replace(/^(Stop #\d+|No stop yet) /, ''));

async function waitForOrder(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  let current: string[] = [];
  while (Date.now() < deadline) {
    current = await names(page);
    if (JSON.stringify(current) === JSON.stringify(expected)) return;
    await page.waitForTimeout(200);
  }
  expect(current).toEqual(expected);
}

/** Drags a row's handle onto another row with real pointer moves, in small steps. */
async function dragHandle(page: Page, name: string, ontoName: string): Promise<void> {
  const handle = panel(page).getByRole('button', { name: new RegExp(`^Move ${name},`) });
  const target = rows(page).filter({ hasText: ontoName });
  // Pointer events only reach what is on screen: bring the list to the middle of the viewport.
  await panel(page)
    .getByRole('list', { name: 'Drop-off sequence' })
    .evaluate((list) => {
      list.scrollIntoView({ block: 'center' });
    });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not on screen');
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  // Past the 4px activation distance first, then onto the target row's middle.
  await page.mouse.move(startX, startY + (to.y > from.y ? 10 : -10), { steps: 4 });
  await page.mouse.move(startX, to.y + to.height / 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

async function expectUpdated(page: Page): Promise<void> {
  const updated = toast(page, 'Success').filter({ hasText: 'Passenger sequence updated' });
  await updated.waitFor();
  // Out of the way before the next move, so its toast is not mistaken for this one.
  await updated
    .locator('button')
    .first()
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await updated.waitFor({ state: 'detached' });
}

describe('drop-off sequence', () => {
  it(
    'the organiser reorders by drag and keyboard, the order persists, then locks it',
    async () => {
      const { page } = await signedInPage(newPage, memberAccount({ name: 'Oscar Organizer' }));
      const rideId = await createRideViaApi(page, { direction: 'FC->SG', maxPassengers: 6, location: 'Jurong East' });
      for (const [name, place] of [
        ['Anna Alpha', 'Tampines Mall'],
        ['Ben Bravo', 'Bedok Mall'],
        ['Cara Charlie', 'Changi Airport'],
      ] as const) {
        const { page: passenger } = await signedInPage(newPage, memberAccount({ name }));
        await joinRideViaApi(passenger, rideId, place);
        await passenger.close();
      }

      await page.goto(`/rides/${String(rideId)}?tab=passengers`);
      await panel(page).waitFor();
      // Nobody has a stop yet: entries in the order they joined, the organiser first.
      await waitForOrder(page, ['Oscar Organizer', 'Anna Alpha', 'Ben Bravo', 'Cara Charlie']);
      expect((await order(page))[0]).toBe('No stop yet Oscar Organizer');
      await screenshot(page, 'sequence-desktop-before');

      // Drag Cara to the top.
      await dragHandle(page, 'Cara Charlie', 'Oscar Organizer');
      await waitForOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Anna Alpha', 'Ben Bravo']);
      await expectUpdated(page);
      expect(await order(page)).toEqual([
        'Stop #1 Cara Charlie',
        'Stop #2 Oscar Organizer',
        'Stop #3 Anna Alpha',
        'Stop #4 Ben Bravo',
      ]);

      // Keyboard: Ben up one place (Space, Arrow Up, Space).
      const ben = panel(page).getByRole('button', { name: /^Move Ben Bravo,/ });
      await ben.focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(200);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(200);
      await page.keyboard.press('Space');
      await waitForOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
      await expectUpdated(page);
      // Screen readers were told where it went.
      const announced = await page.locator('[id^="DndLiveRegion"]').allInnerTexts();
      expect(announced.join(' ')).toContain('Ben Bravo dropped at stop 3 of 4.');

      // The server kept it: same order after a reload, also in the passenger list's badges.
      await page.reload();
      await waitForOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
      const entryStops = await page
        .getByTestId('passenger-entry')
        .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').match(/Stop #\d/)?.[0] ?? ''));
      expect(entryStops).toEqual(['Stop #1', 'Stop #2', 'Stop #3', 'Stop #4']);
      await screenshot(page, 'sequence-desktop-reordered');

      // Lock: the button and the handles go away, also after a reload.
      await panel(page).getByRole('button', { name: 'Lock Sequence' }).click();
      const locked = toast(page, 'Success').filter({ hasText: 'Sequence locked successfully' });
      await locked.waitFor();
      await panel(page).getByText('Sequence locked', { exact: true }).waitFor();
      expect(await panel(page).getByRole('button', { name: 'Lock Sequence' }).count()).toBe(0);
      expect(await handles(page).count()).toBe(0);

      await page.reload();
      await waitForOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
      expect(await handles(page).count()).toBe(0);
      expect(await panel(page).getByRole('button', { name: 'Lock Sequence' }).count()).toBe(0);
      // Neither a drag attempt on a row nor the keyboard moves anything any more.
      await rows(page)
        .first()
        .evaluate((row) => {
          row.scrollIntoView({ block: 'center' });
        });
      const first = await rows(page).first().boundingBox();
      const last = await rows(page).last().boundingBox();
      if (first && last) {
        await page.mouse.move(first.x + 20, first.y + first.height / 2);
        await page.mouse.down();
        await page.mouse.move(first.x + 20, last.y + last.height / 2, { steps: 10 });
        await page.mouse.up();
      }
      await rows(page)
        .first()
        .focus()
        .catch(() => undefined);
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await page.waitForTimeout(500);
      expect(await names(page)).toEqual(['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
      await screenshot(page, 'sequence-desktop-locked');

      // The same panel under My Rides > Manage Drop-off Sequence shows the saved, locked order.
      await page.goto('/home?tab=my-rides');
      const homeRows = page.getByTestId('sequence-row');
      await homeRows.nth(3).waitFor();
      const homeNames = await homeRows.evaluateAll((nodes) =>
        nodes.map((node) => node.querySelector('[data-sequence-name]')?.textContent ?? ''),
      );
      expect(homeNames).toEqual(['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
      expect(await page.getByRole('button', { name: /currently stop/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Move .* (up|down)$/, disabled: false }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Lock Sequence' }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'at 375px the panel fits the screen and a drag still works',
    async () => {
      const { page } = await signedInPage(newPage, memberAccount({ name: 'Mona Mobile' }), 'mobile');
      const rideId = await createRideViaApi(page, {
        direction: 'FC->SG',
        maxPassengers: 4,
        location: 'Woodlands Checkpoint',
      });
      const { page: passenger } = await signedInPage(newPage, memberAccount({ name: 'Pete Passenger' }));
      await joinRideViaApi(
        passenger,
        rideId,
        'A rather long drop-off description: Block 123 Ang Mo Kio Avenue 6, near the bus stop',
      );
      await passenger.close();

      await page.goto(`/rides/${String(rideId)}?tab=passengers`);
      await waitForOrder(page, ['Mona Mobile', 'Pete Passenger']);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await dragHandle(page, 'Pete Passenger', 'Mona Mobile');
      await waitForOrder(page, ['Pete Passenger', 'Mona Mobile']);
      await expectUpdated(page);
      await screenshot(page, 'sequence-mobile');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the panel is the organiser’s only: a passenger sees stops but no reordering',
    async () => {
      const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Olive Owner' }));
      const rideId = await createRideViaApi(organizer, { direction: 'FC->SG', location: 'Yishun' });
      const { page } = await signedInPage(newPage, memberAccount({ name: 'Paul Peer' }));
      await joinRideViaApi(page, rideId, 'Sembawang');
      await page.goto(`/rides/${String(rideId)}?tab=passengers`);
      await page.getByTestId('passenger-entry').nth(1).waitFor();
      expect(await panel(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
