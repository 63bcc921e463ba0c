/**
 * The accessibility audit (docs/accessibility.md#the-audit): `expectAccessible(page, screen)` runs
 * axe-core on what the page shows now, with the WCAG 2.2 A and AA rule sets, and fails the test with
 * one line per offending element (the rule, the element's selector, and for colour contrast the two
 * colours and their ratio). Call it once the screen is rendered (after a web-first assertion on its
 * content), since axe reads the page as it is at that moment.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's rule sets for WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Rules for WCAG A/AA criteria that axe marks experimental and so leaves out of a run by tags (it
 * excludes the `experimental` tag by default): turned on by name, since they check the same
 * criteria (2.5.3 Label in Name, 1.3.4 Orientation, 1.3.1 Info and Relationships). Left off:
 * `p-as-heading`, a guess from font weight alone that takes any bold line above plain text for a
 * heading (the cost box's amounts, a vendor application's company name), so it fails on text that
 * is no heading; real headings are checked by the screens' own heading assertions.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'table-fake-caption',
  'td-has-header',
];

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
  fontSize?: string;
  fontWeight?: string;
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One readable line per element that breaks a rule. */
export function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target.map(String).join(' >> ');
      let line = `${violation.id} (${violation.impact ?? 'unknown'}) at ${target}: ${violation.help}`;
      if (violation.id === 'color-contrast') {
        const data = node.any.find((check) => check.id === 'color-contrast')?.data as ContrastData | undefined;
        if (data) {
          line += ` [${data.fgColor ?? '?'} on ${data.bgColor ?? '?'} is ${String(data.contrastRatio ?? '?')}:1,`;
          line += ` needs ${data.expectedContrastRatio ?? '?'}; ${data.fontSize ?? ''} ${data.fontWeight ?? ''}]`;
        }
      }
      return line;
    }),
  );
}

/**
 * Waits for the page's finite CSS transitions and animations (a modal fading in, a toast sliding up)
 * to end, so colours are read at full strength; endless ones (spinners) are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** One axe run on the page as it shows now: one line per offending element. */
async function audit(page: Page): Promise<string[]> {
  await settleTransitions(page);
  const rules = Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }]));
  // options() first: withTags() adds its runOnly to them.
  const results = await new AxeBuilder({ page }).options({ rules }).withTags(WCAG_TAGS).analyze();
  return describeViolations(results.violations);
}

const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

/**
 * Audits the page as it is now; `screen` names it in the failure message. With `bothThemes`, the
 * page is audited again with the system's setting turned to the other colour scheme, which the app
 * follows (docs/accessibility.md#the-theme), and the setting is put back after.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  options: { bothThemes?: boolean } = {},
): Promise<void> {
  const shown = (await schemeOf(page)) === 'dark' ? 'dark' : 'light';
  expect(await audit(page), `WCAG 2.2 AA violations on ${screen} (${shown} theme)`).toEqual([]);
  if (!options.bothThemes) return;
  const other = shown === 'dark' ? 'light' : 'dark';
  await page.emulateMedia({ colorScheme: other });
  try {
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', other);
    expect(await audit(page), `WCAG 2.2 AA violations on ${screen} (${other} theme)`).toEqual([]);
  } finally {
    await page.emulateMedia({ colorScheme: shown });
  }
}
