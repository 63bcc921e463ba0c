// The dark theme (the system's setting, docs/accessibility.md#the-theme) through the axe audit on a
// few key screens: the home list, the bus guide and the sign-in page.
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';

for (const path of ['/home', '/bus-guide', '/auth']) {
  test(`${path} passes the audit in the dark theme`, async ({ newPage }) => {
    const page = await newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `${path} in the dark theme`);
  });
}
