// The theme's text and background pairs reach WCAG 2.2 AA's 4.5:1 for normal-size text
// (docs/accessibility.md#the-theme), computed with WCAG's relative-luminance formula.
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';

import { DARK_TEXT_SHADES, PRIMARY_SHADE, TEXT_SHADES, theme } from './theme';

const AA_TEXT = 4.5;
const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const WHITE = resolved.white;
const BLACK = resolved.black;

/** WCAG 2.x relative luminance of a '#rrggbb' or '#rgb' colour. */
function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** 'gray.7' → that shade's hex value in the theme. */
function shade(reference: string): string {
  const [name = '', index = ''] = reference.split('.');
  const value = resolved.colors[name]?.[Number(index)];
  if (!value) throw new Error(`No colour ${reference} in the theme`);
  return value;
}

describe('contrast formula', () => {
  it('gives the known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's default dimmed grey on white, as the audit measured it.
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});

describe('theme colours meet WCAG AA (4.5:1)', () => {
  it('uses the shade chosen for AA as the primary shade', () => {
    expect(resolved.primaryShade).toBe(PRIMARY_SHADE);
  });

  const pairs: [string, string, string][] = [];
  for (const name of Object.keys(resolved.colors)) {
    const filled = shade(`${name}.${String(PRIMARY_SHADE)}`);
    const filledHover = shade(`${name}.${String(PRIMARY_SHADE - 1)}`);
    pairs.push(
      [`white on filled ${name}`, WHITE, filled],
      [`white on filled ${name}, hovered`, WHITE, filledHover],
      [`${name} text (and outline) on white`, filled, WHITE],
      [`light ${name}: shade 9 on shade 1`, shade(`${name}.9`), shade(`${name}.1`)],
      [`light ${name}, hovered: shade 9 on shade 2`, shade(`${name}.9`), shade(`${name}.2`)],
    );
  }
  const backgrounds: [string, string][] = [
    ['white', WHITE],
    ['gray.0 panels', shade('gray.0')],
    ['primary.0 cards', shade(`${resolved.primaryColor}.0`)],
    ['primary.1 light surfaces', shade(`${resolved.primaryColor}.1`)],
  ];
  for (const [role, reference] of Object.entries(TEXT_SHADES)) {
    for (const [background, value] of backgrounds)
      pairs.push([`${role} (${reference}) on ${background}`, shade(reference), value]);
  }
  for (const [background, value] of backgrounds) pairs.push([`body text on ${background}`, BLACK, value]);

  it.each(pairs)('%s', (_pair, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('the dark scheme meets WCAG AA (4.5:1) too', () => {
  const backgrounds: [string, string][] = [
    ['the dark body (dark.7)', shade('dark.7')],
    ['dark cards (dark.6)', shade('dark.6')],
    ['dark hovered rows (dark.5)', shade('dark.5')],
  ];
  const pairs: [string, string, string][] = [];
  for (const [role, reference] of Object.entries(DARK_TEXT_SHADES)) {
    for (const [background, value] of backgrounds)
      pairs.push([`${role} (${reference}) on ${background}`, shade(reference), value]);
  }
  // Mantine writes dark-scheme text in dark.0.
  for (const [background, value] of backgrounds) pairs.push([`body text on ${background}`, shade('dark.0'), value]);
  // Filled buttons and badges keep white on the same shade in both schemes.
  pairs.push([`white on filled primary`, WHITE, shade(`${resolved.primaryColor}.${String(PRIMARY_SHADE)}`)]);

  it.each(pairs)('%s', (_pair, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
