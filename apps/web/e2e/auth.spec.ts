// The shell and sign-in journeys: registering members and vendors, logging in and out, the route
// guards, the 404 page, the phone menu, and the travel and bus guides with every fact they promise.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  field,
  loginViaUi,
  memberAccount,
  openRegisterTab,
  registerViaApi,
  registerViaUi,
  screenshot,
  setupBrowser,
  toast,
  vendorAccount,
} from './support/browser';

const { newPage } = setupBrowser();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('registering', () => {
  it('registers a member, who is then signed in with Create Ride in the bar', async () => {
    const page = await newPage();
    await registerViaUi(page, memberAccount());
    expect(pathOf(page)).toBe('/home');
    await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Create Ride' }).isVisible()).toBe(true);
    expect(await mainNav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it('asks vendors for their details, in the spec order, only once the box is ticked', async () => {
    const page = await newPage();
    await openRegisterTab(page);
    for (const label of ['Company Name', 'Driver Name', 'Driver Contact', 'Car Number']) {
      expect(await field(page, label).count()).toBe(0);
    }
    await page.getByLabel('Register as a vendor/driver').check();
    for (const label of ['Company Name', 'Driver Name', 'Driver Contact', 'Car Number']) {
      expect(await field(page, label).isVisible()).toBe(true);
    }
    await page.getByText('Required for MDAC/SGAC compliance').waitFor();

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Car number is required for vendors').waitFor();
    const form = await page.getByRole('form', { name: 'Register' }).innerText();
    const expected = [
      'Discord username is required',
      'Password is required',
      'Company name is required for vendors',
      'Driver name is required for vendors',
      'Driver contact is required for vendors',
      'Car number is required for vendors',
    ];
    const positions = expected.map((message) => form.indexOf(message));
    expect(positions.every((position) => position >= 0), form).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    await page.getByLabel('Register as a vendor/driver').uncheck();
    expect(await field(page, 'Company Name').count()).toBe(0);
  });

  it('registers a vendor, who sees Dashboard instead of Create Ride', async () => {
    const page = await newPage();
    await registerViaUi(page, vendorAccount());
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Create Ride' }).count()).toBe(0);
  });

  it('refuses a Discord username that is taken, with the toast and the inline fallback', async () => {
    const account = memberAccount();
    await registerViaApi(await newPage(), account);
    const page = await newPage();
    await openRegisterTab(page);
    await field(page, 'Discord Username').fill(account.discordUsername);
    await field(page, 'Password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await toast(page, 'Registration failed').waitFor();
    await page.getByText('Registration failed. Discord username may already exist.').waitFor();
    expect(pathOf(page)).toBe('/auth');
  });
});

describe('logging in and out', () => {
  it('shows the toast and the inline fallback for a wrong password', async () => {
    const account = memberAccount();
    await registerViaApi(await newPage(), account);
    const page = await newPage();
    await page.goto('/auth');
    await field(page, 'Discord Username').fill(account.discordUsername);
    await field(page, 'Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const failure = toast(page, 'Login failed');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Invalid Discord username or password');
    expect(await page.getByTestId('login-error').innerText()).toBe('Invalid Discord username or password');
    expect(pathOf(page)).toBe('/auth');
    // F8 takes keyboard users from the form to the toast.
    await page.keyboard.press('F8');
    expect(await failure.evaluate((node) => node === document.activeElement)).toBe(true);
  });

  it('logs in, survives a reload, and logs out', async () => {
    const account = memberAccount();
    await registerViaApi(await newPage(), account);
    const page = await newPage();
    await loginViaUi(page, account);
    await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();
    await page.reload();
    await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();

    await page.goto('/profile');
    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    // Signed out on a protected page: the guard sends the visitor to /auth.
    await page.waitForURL('**/auth');
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
  });

  it('opens the forgot-password view from the login tab', async () => {
    const page = await newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText(/Contact the administrator on Discord/).waitFor();
    await page.getByText(/with a different Discord username/).waitFor();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });
});

describe('route guards and unknown paths', () => {
  it.each(['/rides/create', '/rides/edit/1', '/rides/1/join', '/vendor', '/profile'])(
    'sends a signed-out visitor from %s to /auth',
    async (path) => {
      const page = await newPage();
      await page.goto(path);
      await page.waitForURL('**/auth');
      await page.getByRole('heading', { name: 'Welcome to RideShare' }).waitFor();
    },
  );

  it('sends a signed-in user from /auth to /home', async () => {
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    await page.goto('/auth');
    await page.waitForURL('**/home');
  });

  it('redirects / to /home', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.waitForURL('**/home');
  });

  it('shows 404 Page Not Found for an unknown path, with a link home', async () => {
    const page = await newPage();
    await page.goto('/definitely/not/here');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL('**/home');
  });
});

describe('the phone layout', () => {
  it('collapses the links behind a burger at 375px', async () => {
    const page = await newPage({ viewport: 'mobile' });
    await page.goto('/guide');
    await page.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    expect(await mainNav(page).count()).toBe(0);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    const nav = mainNav(page);
    for (const name of ['Travel Guide', 'Create Ride', 'Profile', 'Login']) {
      expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await screenshot(page, 'menu-mobile');
    await nav.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/auth');
    await mainNav(page).waitFor({ state: 'detached' });
    // Nothing sticks out sideways at phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('shows the bar links, not the burger, at 1280px', async () => {
    const page = await newPage();
    await page.goto('/guide');
    await mainNav(page).getByRole('link', { name: 'Travel Guide' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Travel Guide' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).isVisible()).toBe(false);
  });
});

describe('the guides', () => {
  // innerText follows CSS, and badges are upper-cased by CSS: compare case-insensitively.
  const textOf = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ').toLowerCase();
  const expectFacts = (text: string, facts: string[]) => {
    for (const fact of facts) expect(text, fact).toContain(fact.toLowerCase());
  };

  it('/guide gives every travel fact', async () => {
    const page = await newPage();
    await page.goto('/guide');
    await page.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    expectFacts(await textOf(page), [
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
    expect(await page.getByRole('tab', { name: 'Chartered Car' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Public Bus Options' }).click();
    await page.getByText('Jurong Town Hall Bus Interchange').waitFor();
    expectFacts(await textOf(page), [
      'Jurong Town Hall Bus Interchange',
      'CIQ 2nd Link',
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
    await page.waitForURL('**/bus-guide');
  });

  it('/bus-guide gives every bus fact for both directions', async () => {
    const page = await newPage();
    await page.goto('/bus-guide');
    await page.getByRole('heading', { name: 'Bus Guide', level: 1 }).waitFor();
    expectFacts(await textOf(page), [
      '6:00 AM to 8:30 PM, hourly',
      'From the CIQ 2nd Link (Singapore side)',
      '5:30 AM to 7:30 PM, hourly',
      'From Forest City',
      'Jurong East',
      'Boon Lay MRT',
      'Kranji MRT',
      'S$5',
      'at least 6 months',
      'Buses depart only once per hour',
    ]);
    const boarding = await page.getByRole('tabpanel').innerText();
    expect(boarding.replace(/\s+/g, ' ')).toMatch(/Jurong East.*CW3 CW4 CW4S.*Boon Lay MRT CW6.*Kranji MRT CW7/i);
    await page.getByRole('tab', { name: 'Forest City to Singapore' }).click();
    await page.getByText('Take FC1 from Forest City').waitFor();
    expectFacts(await textOf(page), ['MYR 5', '5:30 AM to 7:30 PM', 'Jurong East', 'Boon Lay MRT', 'Kranji MRT']);
  });
});

describe('screenshots', () => {
  it.each([
    ['desktop', '/auth'],
    ['mobile', '/auth'],
    ['desktop', '/guide'],
    ['mobile', '/guide'],
    ['desktop', '/bus-guide'],
    ['mobile', '/bus-guide'],
  ] as const)('captures %s %s', async (viewport, path) => {
    const page = await newPage({ viewport });
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    const file = await screenshot(page, `${path.slice(1)}-${viewport}`);
    expect(file).toMatch(/\.png$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
