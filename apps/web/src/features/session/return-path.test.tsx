import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeRideDetail, makeUser, renderApp, type ApiHandlers } from '../../test-utils';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

async function logIn() {
  await screen.findByRole('heading', { name: 'Welcome to RideShare' });
  type('Discord Username', 'alice');
  type('Password', 'secret123');
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const api = (overrides: ApiHandlers = {}): ApiHandlers => ({
  'auth.login': () => makeUser(),
  'ride.byId': () => makeRideDetail(),
  'passenger.list': () => [],
  ...overrides,
});

describe('signing in returns to where the user was', () => {
  it('a protected route sends a visitor to /auth and back there after login', async () => {
    const { router } = renderApp('/rides/7/join?from=share', { api: api() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/7/join'));
    expect(router.state.location.search).toBe('?from=share');
  });

  it("the ride detail's Login or Register returns to the ride", async () => {
    const { router } = renderApp('/rides/7', { api: api() });
    fireEvent.click(await screen.findByRole('link', { name: 'Login or Register' }));
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/7'));
  });

  it('follows a same-site ?next= path', async () => {
    const { router } = renderApp('/auth?next=%2Frides%2F7', { api: api() });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rides/7'));
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/rides'],
    ['an absolute URL', 'https://evil.example/'],
    ['a backslash trick', '/\\evil.example'],
  ])('never follows %s in ?next= (goes home instead)', async (_label, next) => {
    const { router } = renderApp(`/auth?next=${encodeURIComponent(next)}`, { api: api() });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
