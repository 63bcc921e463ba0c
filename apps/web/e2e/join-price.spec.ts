// The price for someone deciding (docs/payments.md#join-price), at 320, 375 and 1280 px: a ride for
// tomorrow locks at once; a visitor finds it by search and its card and page say what joining would
// cost ("SGD z if you join"); a member's join card on the ride page names the amount for their group
// at their place, the join then charges exactly that, and their card now reads "Your share". The
// figures are read from the API, not written here. No time is asserted.
import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  joinRideViaApi,
  memberAccount,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const WIDTHS = [320, 375, 1280] as const;
const sgd = (amount: number) => `SGD ${amount.toFixed(2)}`;

test('a visitor and a member see what joining a locked ride costs, and the join charges it', async ({
  signedInPage,
  newPage,
}) => {
  const tag = Date.now().toString(36);
  const place = `Tampines ${tag}`;
  const { page: olive } = await signedInPage(memberAccount({ name: `Olive Price ${tag}` }));
  // Tomorrow: inside the lock window, so the price locks at once.
  const rideId = await createRideViaApi(olive, {
    direction: 'SG->FC',
    location: place,
    date: inDays(1),
    maxPassengers: 4,
  });
  const { page: ann } = await signedInPage(memberAccount({ name: `Ann Price ${tag}` }));
  await joinRideViaApi(ann, rideId, place);

  const visitor = await newPage();
  const detail = await visitor.request.get(`/api/rides/${String(rideId)}`);
  const { joinPrice } = (await detail.json()) as { joinPrice: number | null };
  expect(joinPrice).not.toBeNull();
  const oneSeat = sgd(joinPrice ?? 0);

  for (const width of WIDTHS) {
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.goto(`/home?q=${encodeURIComponent(place)}`);
    await expect(visitor.locator('[data-testid="all-rides"][data-settled="true"]')).toBeVisible();
    const card = visitor.locator(`article[data-ride-id="${String(rideId)}"]`);
    await expect(card.getByTestId('price-story')).toHaveText(`${oneSeat} if you join`);
    await expect.poll(() => sidewaysOverflow(visitor)).toBeLessThanOrEqual(0);
    await screenshot(visitor, `join-price-card-visitor-${String(width)}`);

    await visitor.goto(`/rides/${String(rideId)}`);
    const cost = visitor.getByRole('region', { name: 'Cost breakdown' });
    await expect(cost.getByTestId('price-story')).toHaveText(`${oneSeat} if you join`);
    await expect.poll(() => sidewaysOverflow(visitor)).toBeLessThanOrEqual(0);
    await expectAccessible(visitor, `a locked ride's page for a visitor at ${String(width)} px`);
    await screenshot(visitor, `join-price-page-visitor-${String(width)}`);
  }

  // Ben, signed in at 375 px, fills the ride page's join card for two from a new place.
  const { page: ben } = await signedInPage(memberAccount({ name: `Ben Price ${tag}` }), 'mobile');
  await ben.goto(`/rides/${String(rideId)}`);
  const joinCard = ben.getByRole('region', { name: 'Join This Ride' });
  await field(joinCard, 'Number of Passengers').fill('2');
  const newPlace = `Jurong East ${tag}`;
  await field(joinCard, 'Pick-up Location').fill(newPlace);
  const quoted = await ben.request.get(
    `/api/rides/${String(rideId)}/payments/join-price?passengerCount=2&dropoffLocation=${encodeURIComponent(newPlace)}`,
  );
  const { amount, addsStop } = (await quoted.json()) as { amount: number | null; addsStop: boolean };
  expect(addsStop).toBe(true);
  expect(amount).not.toBeNull();
  const groupShare = joinCard.getByTestId('join-price');
  await expect(groupShare).toContainText(`Your share if you join, for 2 people${sgd(amount ?? 0)}`);
  await expectAccessible(ben, 'the join card of a locked ride at 375 px');
  await groupShare.scrollIntoViewIfNeeded();
  await screenshot(ben, 'join-price-join-card-375');

  await joinCard.getByRole('button', { name: 'Join Ride' }).click();
  const payment = ben.getByRole('region', { name: 'Payment' });
  await expect(payment.getByTestId('my-amount')).toHaveText(`Your share: ${sgd(amount ?? 0)}`);
  await expect(ben.getByRole('region', { name: 'Cost breakdown' }).getByTestId('price-story')).toHaveText(
    `Your share ${sgd(amount ?? 0)}`,
  );
  for (const page of [olive, ann, ben, visitor]) await page.close();
});
