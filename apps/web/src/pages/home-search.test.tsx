import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RIDES_PAGE_SIZE } from '../features/rides/all-rides-tab';
import { makeRideSummary, renderWithProviders, type ApiCall, type ApiHandlers } from '../test-utils';
import { mediaQueryList } from '../test-utils/media-query';
import { HomePage } from './home-page';

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'stats.get': () => ({ totalRides: 1, totalUsers: 1 }),
    'ride.list': () => ({ items: [makeRideSummary({ id: 1 })], total: 1, page: 1, pageSize: RIDES_PAGE_SIZE }),
    'ride.joined': () => [],
    'ride.standing': () => [],
    'ride.organized': () => [],
    ...overrides,
  };
}

const listInputs = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === 'ride.list').map((call) => call.input as Record<string, unknown>);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HomePage, search', () => {
  it('searches once the typing stops, from page 1, and keeps the words in the address', async () => {
    const { calls, router } = renderWithProviders(<HomePage />, { path: '/home', route: '/home?page=2', api: api() });
    const box = await screen.findByRole('searchbox', { name: 'Search rides' });
    fireEvent.change(box, { target: { value: 'Clem' } });
    fireEvent.change(box, { target: { value: 'Clementi friday ' } });
    await waitFor(() => expect(listInputs(calls).at(-1)).toMatchObject({ q: 'Clementi friday', page: 1 }));
    // The half-typed word was never sent.
    expect(listInputs(calls).some((input) => input.q === 'Clem')).toBe(false);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Clementi friday');
  });

  it('clears the search with its button', async () => {
    const { calls, router } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?q=jurong',
      api: api(),
    });
    const box = await screen.findByRole('searchbox', { name: 'Search rides' });
    expect((box as HTMLInputElement).value).toBe('jurong');
    await waitFor(() => expect(listInputs(calls).at(-1)).toMatchObject({ q: 'jurong' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(listInputs(calls).at(-1)?.q).toBeUndefined());
    expect((box as HTMLInputElement).value).toBe('');
    expect(new URLSearchParams(router.state.location.search).has('q')).toBe(false);
  });

  it('says when nothing matches the search and offers to clear it', async () => {
    const { calls } = renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?q=woodlands',
      api: api({ 'ride.list': () => ({ items: [], total: 0, page: 1, pageSize: RIDES_PAGE_SIZE }) }),
    });
    expect(await screen.findByText('No rides match “woodlands”')).toBeTruthy();
    // The box's own clear button comes first; the empty list offers the same.
    const offered = screen.getAllByRole('button', { name: 'Clear search' }).at(-1);
    if (!offered) throw new Error('No Clear search button');
    fireEvent.click(offered);
    await waitFor(() => expect(listInputs(calls).at(-1)?.q).toBeUndefined());
  });

  it('folds the filters behind one "Filters (n)" button on a phone, counting those not at their default', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      mediaQueryList(query, query.includes('max-width: 48em')),
    );
    renderWithProviders(<HomePage />, {
      path: '/home',
      route: '/home?direction=FC-%3ESG&sort=dateDesc',
      api: api(),
    });
    const button = await screen.findByRole('button', { name: 'Filters (2)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Direction') as HTMLSelectElement).value).toBe('FC->SG');
  });

  it('shows the filters in a row on a wider screen, with no Filters button', async () => {
    renderWithProviders(<HomePage />, { path: '/home', route: '/home', api: api() });
    expect(await screen.findByLabelText('Direction')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
