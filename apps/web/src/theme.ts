/**
 * The Mantine theme: system fonts (nothing to download at the checkpoint), one primary colour,
 * rounded cards, and the `sm` breakpoint pinned to the product's mobile breakpoint (768px, docs/product.md#costs-and-constants)
 * so `hiddenFrom="sm"` / `visibleFrom="sm"` mean exactly "phone layout" / "desktop layout".
 *
 * Colours meet WCAG 2.2 AA everywhere (docs/accessibility.md#the-theme): every colour's filled
 * shade carries white text, and its light variant's text, at 4.5:1 or more; the dimmed, placeholder
 * and error colours are read on white and on the light card backgrounds. The choices are all here,
 * not in components, and theme.test.ts checks the ratios.
 */
import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type DefaultMantineColor,
  type MantineColorsTuple,
} from '@mantine/core';
import { MOBILE_BREAKPOINT_PX } from '@rideshare/domain';

/**
 * Filled buttons and badges, `c="red"` text and links use this shade of their colour, its hover
 * one shade lighter (8); light variants always write in shade 9 on shade 1.
 */
export const PRIMARY_SHADE = 9;

/** A default palette whose shade 9 (and shade 8, when given) is replaced by a darker one of the same hue. */
function withDarkEnd(name: DefaultMantineColor, shade9: string, shade8?: string): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[name];
  if (!base) throw new Error(`Mantine has no colour ${name}`);
  const shades = [...base];
  shades[9] = shade9;
  if (shade8) shades[8] = shade8;
  return shades as unknown as MantineColorsTuple;
}

/**
 * Mantine's own shades 8 and 9 of the warm and green colours are too light for white text (yellow's
 * 9 is 3:1) or for text on their own pale shade 1 (teal's 9 is 4.3:1), so they are darkened, hue
 * kept, until both reach 4.5:1 with a margin. Blue, indigo and violet keep their 8 but get a darker
 * 9, whose text stays 4.5:1 on the shade 2 a light button turns when hovered. The other colours'
 * defaults already pass.
 */
const colors = {
  red: withDarkEnd('red', '#b32525', '#c52b2b'),
  cyan: withDarkEnd('cyan', '#0a6a7c', '#0a7485'),
  teal: withDarkEnd('teal', '#077151', '#077956'),
  green: withDarkEnd('green', '#237133', '#257b35'),
  lime: withDarkEnd('lime', '#46700a', '#49790b'),
  yellow: withDarkEnd('yellow', '#9c5100', '#9e5c00'),
  orange: withDarkEnd('orange', '#ab390c', '#b54509'),
  blue: withDarkEnd('blue', '#155998'),
  indigo: withDarkEnd('indigo', '#3147b3'),
  violet: withDarkEnd('violet', '#5738b4'),
};

/**
 * The text colours Mantine draws lighter than AA allows by default (dimmed and placeholder in
 * gray.6 are 3.3:1 on white; the error red.6 is 3.3:1), as `colour.shade` of the theme's palettes.
 */
export const TEXT_SHADES = {
  dimmed: 'gray.7',
  placeholder: 'gray.7',
  error: 'red.9',
} as const;

/**
 * The same text colours in the dark scheme, read on its body (dark.7) and cards (dark.6): Mantine's
 * dark error (red.8 here, darkened for white text) would be 2:1 there, and its dimmed dark.2 is
 * 4:1 on the body and less on a card.
 */
export const DARK_TEXT_SHADES = {
  dimmed: 'dark.1',
  placeholder: 'dark.1',
  error: 'red.4',
  anchor: 'blue.4',
} as const;

const cssVariable = (reference: string) => `var(--mantine-color-${reference.replace('.', '-')})`;

/** Passed to MantineProvider next to the theme (CSS variables are not part of `createTheme`). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': cssVariable(TEXT_SHADES.dimmed),
    '--mantine-color-placeholder': cssVariable(TEXT_SHADES.placeholder),
    '--mantine-color-error': cssVariable(TEXT_SHADES.error),
  },
  dark: {
    '--mantine-color-dimmed': cssVariable(DARK_TEXT_SHADES.dimmed),
    '--mantine-color-placeholder': cssVariable(DARK_TEXT_SHADES.placeholder),
    '--mantine-color-error': cssVariable(DARK_TEXT_SHADES.error),
    '--mantine-color-anchor': cssVariable(DARK_TEXT_SHADES.anchor),
  },
});

export const theme = createTheme({
  colors,
  primaryColor: 'blue',
  primaryShade: PRIMARY_SHADE,
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  breakpoints: {
    xs: '36em',
    sm: `${MOBILE_BREAKPOINT_PX / 16}em`,
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  components: {
    // A link inside a sentence must stand out by more than its colour (WCAG 1.4.1): underlined always.
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine's close buttons are icons with no name of their own: screen readers would say "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the message with gray.6 directly (3.3:1), not with the dimmed colour.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
