// The shell and sign-in journeys: registering members and vendors, logging in and out, the route
// guards, the 404 page, the phone menu, and the travel and bus guides with every fact they promise.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, test } from './support/fixtures';
import {
  field,
  loginViaUi,
  memberAccount,
  openRegisterTab,
  registerViaApi,
  registerViaUi,
  screenshot,
  sidewaysOverflow,
  toast,
  vendorAccount,
} from './support/helpers';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('registering', () => {
  test('registers a member, who is then signed in with Create Ride in the bar', async ({ newPage }) => {
    const page = await newPage();
    await registerViaUi(page, memberAccount());
    await expect(page).toHaveURL(/\/home$/);
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Create Ride' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('asks vendors for their details, in the spec order, only once the box is ticked', async ({ newPage }) => {
    const page = await newPage();
    await openRegisterTab(page);
    for (const label of ['Company Name', 'Driver Name', 'Driver Contact', 'Car Number']) {
      await expect(field(page, label)).toHaveCount(0);
    }
    await page.getByLabel('Register as a vendor/driver').check();
    for (const label of ['Company Name', 'Driver Name', 'Driver Contact', 'Car Number']) {
      await expect(field(page, label)).toBeVisible();
    }
    await expect(page.getByText('Required for MDAC/SGAC compliance')).toBeVisible();

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const expected = [
      'Discord username is required',
      'Password is required',
      'Company name is required for vendors',
      'Driver name is required for vendors',
      'Driver contact is required for vendors',
      'Car number is required for vendors',
    ];
    // All of them, in this order.
    await expect(page.getByRole('form', { name: 'Register' })).toHaveText(
      new RegExp(expected.map(escape).join('[\\s\\S]*')),
    );

    await page.getByLabel('Register as a vendor/driver').uncheck();
    await expect(field(page, 'Company Name')).toHaveCount(0);
  });

  test('registers a vendor, who sees Dashboard instead of Create Ride', async ({ newPage }) => {
    const page = await newPage();
    await registerViaUi(page, vendorAccount());
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Create Ride' })).toHaveCount(0);
    // The licence given at registration is on the application (the profile's card shows it).
    await page.goto('/profile');
    const licence = page.getByRole('form', { name: 'Licence and vehicle' });
    await expect(field(licence, 'Permit Number')).toHaveValue('SG-E2E-0001');
    await expect(field(licence, 'Permit Expires On')).toHaveValue('9999-12-31');
    await expect(field(licence, 'Vehicle Passenger Seats')).toHaveValue('13');
  });

  test('refuses a Discord username that is taken, with the toast and the inline fallback', async ({ newPage }) => {
    const account = memberAccount();
    await registerViaApi(await newPage(), account);
    const page = await newPage();
    await openRegisterTab(page);
    await field(page, 'Discord Username').fill(account.discordUsername);
    await field(page, 'Password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(toast(page, 'Registration failed')).toBeVisible();
    await expect(page.getByText('Registration failed. Discord username may already exist.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('logging in and out', () => {
  test('shows the toast and the inline fallback for a wrong password', async ({ newPage }) => {
    const account = memberAccount();
    await registerViaApi(await newPage(), account);
    const page = await newPage();
    await page.goto('/auth');
    await field(page, 'Discord Username').fill(account.discordUsername);
    await field(page, 'Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const failure = toast(page, 'Login failed');
    await expect(failure).toContainText('Invalid Discord username or password');
    await expect(page.getByTestId('login-error')).toHaveText('Invalid Discord username or password');
    await expect(page).toHaveURL(/\/auth$/);
    // F8 takes keyboard users from the form to the toast.
    await page.keyboard.press('F8');
    await expect(failure).toBeFocused();
  });

  test('logs in, survives a reload, and logs out', async ({ newPage }) => {
    const account = memberAccount();
    await registerViaApi(await newPage(), account);
    const page = await newPage();
    await loginViaUi(page, account);
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.reload();
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();

    await page.goto('/profile');
    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    // Signed out on a protected page: the guard sends the visitor to /auth.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('opens the forgot-password view from the login tab', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByText(/Contact the administrator on Discord/)).toBeVisible();
    await expect(page.getByText(/with a different Discord username/)).toBeVisible();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
});

test.describe('route guards and unknown paths', () => {
  for (const path of ['/rides/create', '/rides/edit/1', '/rides/1/join', '/vendor', '/profile']) {
    test(`sends a signed-out visitor from ${path} to /auth`, async ({ newPage }) => {
      const page = await newPage();
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Welcome to RideShare' })).toBeVisible();
    });
  }

  test('sends a signed-in user from /auth to /home', async ({ newPage }) => {
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('redirects / to /home', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('shows 404 Page Not Found for an unknown path, with a link home', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/definitely/not/here');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectAccessible(page, 'page not found');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('the phone layout', () => {
  test('collapses the links behind a burger at 375px', async ({ newPage }) => {
    const page = await newPage({ viewport: 'mobile' });
    await page.goto('/guide');
    await expect(page.getByRole('heading', { name: 'Travel Guide', level: 1 })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const nav = mainNav(page);
    for (const name of ['Travel Guide', 'Create Ride', 'Login']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    // A signed-out visitor has no Profile link: it would only lead to the sign-in page (docs/vendors.md#navigation).
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await screenshot(page, 'menu-mobile');
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(mainNav(page)).toHaveCount(0);
    // Nothing sticks out sideways at phone width.
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('shows the bar links, not the burger, at 1280px', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/guide');
    await expect(mainNav(page).getByRole('link', { name: 'Travel Guide' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Travel Guide' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
  });
});

test.describe('the guides', () => {
  // As a person reads the page: innerText follows CSS, and badges are upper-cased by CSS, so the
  // comparison ignores case.
  const expectFacts = async (page: Page, facts: string[]) => {
    for (const fact of facts) {
      await expect(page.locator('main'), fact).toContainText(fact, { ignoreCase: true, useInnerText: true });
    }
  };

  test('/guide gives every travel fact', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/guide');
    await expect(page.getByRole('heading', { name: 'Travel Guide', level: 1 })).toBeVisible();
    await expectFacts(page, [
      'at least 6 months',
      '45-60 minutes at peak times',
      'SGD 75',
      'SGD 5',
      'SGD 80',
      'SGD 10',
      'Revolut',
      'Preferred',
      'USDC',
      'Cash in SGD or RM',
      'BNPL',
      'Not yet implemented',
    ]);
    await expect(page.getByRole('tab', { name: 'Chartered Car' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Public Bus Options' }).click();
    await expect(page.getByText('Jurong Town Hall Bus Interchange')).toBeVisible();
    await expectFacts(page, [
      'Jurong Town Hall Bus Interchange',
      'Tuas Checkpoint and Sultan Abu Bakar CIQ',
      'FC1 to Forest City',
      'CW3',
      'CW4',
      'CW4S',
      'CW6',
      'CW7',
      'S$5',
      'Cash or stored-value card',
      'About 1.5-2 hours',
      'Buses depart only once per hour',
    ]);
    await page.getByRole('link', { name: /full bus guide/ }).click();
    await expect(page).toHaveURL(/\/bus-guide$/);
  });

  test('/bus-guide gives every bus fact for both directions', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/bus-guide');
    await expect(page.getByRole('heading', { name: 'Bus Guide', level: 1 })).toBeVisible();
    await expectFacts(page, [
      '6:00 AM to 8:30 PM, hourly',
      'From Sultan Abu Bakar CIQ (Malaysian side)',
      '5:30 AM to 7:30 PM, hourly',
      'From Forest City',
      'Jurong East',
      'Boon Lay MRT',
      'Kranji MRT',
      'S$5',
      'at least 6 months',
      'Buses depart only once per hour',
    ]);
    await expect(page.getByRole('tabpanel')).toHaveText(
      /Jurong East[\s\S]*CW3\s+CW4\s+CW4S[\s\S]*Boon Lay MRT\s+CW6[\s\S]*Kranji MRT\s+CW7/i,
      {
        useInnerText: true,
      },
    );
    await page.getByRole('tab', { name: 'Forest City to Singapore' }).click();
    await expect(page.getByText('Take FC1 from Forest City')).toBeVisible();
    await expectFacts(page, ['MYR 5', '5:30 AM to 7:30 PM', 'Jurong East', 'Boon Lay MRT', 'Kranji MRT']);
  });
});

test.describe('screenshots', () => {
  for (const [viewport, path] of [
    ['desktop', '/auth'],
    ['mobile', '/auth'],
    ['desktop', '/guide'],
    ['mobile', '/guide'],
    ['desktop', '/bus-guide'],
    ['mobile', '/bus-guide'],
  ] as const) {
    test(`captures ${viewport} ${path}`, async ({ newPage }) => {
      const page = await newPage({ viewport });
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const file = await screenshot(page, `${path.slice(1)}-${viewport}`);
      expect(file).toMatch(/\.png$/);
      await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});
