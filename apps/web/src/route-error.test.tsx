import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderApp } from './test-utils';

// A page whose code cannot be fetched, as after a release replaced the files or when offline.
vi.mock('./pages/not-found-page', () => ({
  NotFoundPage: () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/not-found-page-x.js');
  },
}));

describe('a route that fails to render', () => {
  it('shows the error page, which offers a reload and the way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('This page could not be loaded. Check your connection and reload.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
  });
});
