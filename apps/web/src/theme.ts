/**
 * The Mantine theme: system fonts (nothing to download at the checkpoint), one primary colour,
 * rounded cards, and the `sm` breakpoint pinned to the product's mobile breakpoint (768px, docs/product.md#costs-and-constants)
 * so `hiddenFrom="sm"` / `visibleFrom="sm"` mean exactly "phone layout" / "desktop layout".
 */
import { createTheme } from '@mantine/core';
import { MOBILE_BREAKPOINT_PX } from '@rideshare/domain';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  breakpoints: {
    xs: '36em',
    sm: `${MOBILE_BREAKPOINT_PX / 16}em`,
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
});
