// The drop-off sequence of a Forest City to Singapore ride: its organiser reorders the passengers by
// dragging and from the keyboard, the order survives a reload, then the organiser locks it and can
// no longer reorder.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  joinRideViaApi,
  latestToast as toast,
  memberAccount,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const panel = (page: Page) => page.getByRole('region', { name: 'Drop-off Sequence' });
const rows = (page: Page) => panel(page).getByTestId('sequence-row');
// The drag handles ('Move Ann, currently stop 1 of 4'); once locked, no handles and no Move up / Move down buttons.
const handles = (page: Page) => panel(page).getByRole('button', { name: /currently stop/ });

/** The rows' names, top to bottom. */
const names = (page: Page) => rows(page).locator('[data-sequence-name]');
/** The rows' stop badges, top to bottom. */
const stops = (page: Page) => rows(page).locator('.mantine-Badge-label');
/** What dnd-kit last announced to screen readers (see the panel's announcements). */
const announcement = (page: Page) => page.locator('[id^="DndLiveRegion"]');

async function expectOrder(page: Page, expected: string[]): Promise<void> {
  await expect(names(page)).toHaveText(expected);
}

/**
 * Drags a row's handle onto another row with real pointer moves, in small steps, and lets go once
 * the panel has announced that the row is over the target's stop.
 */
async function dragHandle(page: Page, name: string, ontoName: string): Promise<void> {
  const ontoStop = (await names(page).allTextContents()).indexOf(ontoName) + 1;
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
  await expect(announcement(page)).toContainText(`${name} is over stop ${String(ontoStop)} of`);
  await page.mouse.up();
}

async function expectUpdated(page: Page): Promise<void> {
  const updated = toast(page, 'Success').filter({ hasText: 'Passenger sequence updated' });
  await expect(updated).toBeVisible();
  // Out of the way before the next move, so its toast is not mistaken for this one.
  await updated
    .locator('button')
    .first()
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(updated).toHaveCount(0);
}

test.describe('drop-off sequence', () => {
  test('the organiser reorders by drag and keyboard, the order persists, then locks it', async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Oscar Organizer' }));
    const rideId = await createRideViaApi(page, { direction: 'FC->SG', maxPassengers: 6, location: 'Jurong East' });
    for (const [name, place] of [
      ['Anna Alpha', 'Tampines Mall'],
      ['Ben Bravo', 'Bedok Mall'],
      ['Cara Charlie', 'Changi Airport'],
    ] as const) {
      const { page: passenger } = await signedInPage(memberAccount({ name }));
      await joinRideViaApi(passenger, rideId, place);
      await passenger.close();
    }

    await page.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expect(panel(page)).toBeVisible();
    // Nobody has a stop yet: entries in the order they joined, the organiser first.
    await expectOrder(page, ['Oscar Organizer', 'Anna Alpha', 'Ben Bravo', 'Cara Charlie']);
    await expect(stops(page).first()).toHaveText('No stop yet');
    await screenshot(page, 'sequence-desktop-before');

    // Drag Cara to the top.
    await dragHandle(page, 'Cara Charlie', 'Oscar Organizer');
    await expectOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Anna Alpha', 'Ben Bravo']);
    await expectUpdated(page);
    await expect(stops(page)).toHaveText(['Stop #1', 'Stop #2', 'Stop #3', 'Stop #4']);

    // Keyboard: Ben up one place (Space, Arrow Up, Space).
    const ben = panel(page).getByRole('button', { name: /^Move Ben Bravo,/ });
    await ben.focus();
    await page.keyboard.press('Space');
    // Picked up (dnd-kit at once announces the row over its own place).
    await expect(announcement(page)).toContainText('Ben Bravo is over stop 4 of 4.');
    await page.keyboard.press('ArrowUp');
    await expect(announcement(page)).toContainText('Ben Bravo is over stop 3 of 4.');
    await page.keyboard.press('Space');
    // Screen readers were told where it went.
    await expect(announcement(page)).toContainText('Ben Bravo dropped at stop 3 of 4.');
    await expectOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
    await expectUpdated(page);

    // The server kept it: same order after a reload, also in the passenger list's badges.
    await page.reload();
    await expectOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
    await expect(page.getByTestId('passenger-entry')).toHaveText([/Stop #1/, /Stop #2/, /Stop #3/, /Stop #4/]);
    await screenshot(page, 'sequence-desktop-reordered');

    // Lock: the button and the handles go away, also after a reload.
    await panel(page).getByRole('button', { name: 'Lock Sequence' }).click();
    await confirmDialog(page, 'Lock Sequence');
    const locked = toast(page, 'Success').filter({ hasText: 'Sequence locked successfully' });
    await expect(locked).toBeVisible();
    await expect(panel(page).getByText('Sequence locked', { exact: true })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Lock Sequence' })).toHaveCount(0);
    await expect(handles(page)).toHaveCount(0);

    await page.reload();
    await expectOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
    await expect(handles(page)).toHaveCount(0);
    await expect(panel(page).getByRole('button', { name: 'Lock Sequence' })).toHaveCount(0);
    // Neither a drag attempt on a row nor the keyboard moves anything any more, nor asks the server to.
    const reorders: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('sequence.set')) reorders.push(request.url());
    });
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
    // Two painted frames after the last key: whatever those inputs changed has been rendered by now.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    await expectOrder(page, ['Cara Charlie', 'Oscar Organizer', 'Ben Bravo', 'Anna Alpha']);
    await expect(announcement(page)).not.toContainText(/Picked up|is over|dropped/);
    expect(reorders).toEqual([]);
    await screenshot(page, 'sequence-desktop-locked');

    // The same panel under My Rides > Manage Route Order shows the saved, locked order.
    await page.goto('/home?tab=my-rides');
    await expect(page.getByTestId('sequence-row').locator('[data-sequence-name]')).toHaveText([
      'Cara Charlie',
      'Oscar Organizer',
      'Ben Bravo',
      'Anna Alpha',
    ]);
    await expect(page.getByRole('button', { name: /currently stop/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Move (up|down): / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lock Sequence' })).toHaveCount(0);
  });

  test('at 375px the panel fits the screen and a drag still works', async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Mona Mobile' }), 'mobile');
    const rideId = await createRideViaApi(page, {
      direction: 'FC->SG',
      maxPassengers: 4,
      location: 'Woodlands Checkpoint',
    });
    const { page: passenger } = await signedInPage(memberAccount({ name: 'Pete Passenger' }));
    await joinRideViaApi(
      passenger,
      rideId,
      'A rather long drop-off description: Block 123 Ang Mo Kio Avenue 6, near the bus stop',
    );
    await passenger.close();

    await page.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expectOrder(page, ['Mona Mobile', 'Pete Passenger']);
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await dragHandle(page, 'Pete Passenger', 'Mona Mobile');
    await expectOrder(page, ['Pete Passenger', 'Mona Mobile']);
    await expectUpdated(page);
    await screenshot(page, 'sequence-mobile');
  });

  test('the panel is the organiser’s only: a passenger sees stops but no reordering', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Olive Owner' }));
    const rideId = await createRideViaApi(organizer, { direction: 'FC->SG', location: 'Yishun' });
    const { page } = await signedInPage(memberAccount({ name: 'Paul Peer' }));
    await joinRideViaApi(page, rideId, 'Sembawang');
    await page.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expect(page.getByTestId('passenger-entry').nth(1)).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);
  });
});
