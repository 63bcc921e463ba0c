import { DISCORD_NAME_TAKEN_SENTENCE, DISCORD_REFUSALS } from '@rideshare/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makePublicConfig, makeUser, renderApp, type ApiHandlers } from '../test-utils';

const config = (over: { discordSignIn: boolean; passwordSignup: boolean }) =>
  makePublicConfig({ placeSearchUrl: '', ...over });

async function open(route: string, api: ApiHandlers) {
  renderApp(route, { api });
  await screen.findByRole('heading', { name: 'Welcome to RideShare' });
}

describe('Sign in with Discord on /auth and /login', () => {
  it('offers "Continue with Discord" on Login and Register when the server has it, returning where the visitor came from', async () => {
    await open('/auth?next=%2Fmy-rides', { 'config.get': () => config({ discordSignIn: true, passwordSignup: true }) });
    const link = await screen.findByRole('link', { name: 'Continue with Discord' });
    expect(link.getAttribute('href')).toBe('/api/auth/discord?returnTo=%2Fmy-rides');
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(await screen.findByRole('link', { name: 'Continue with Discord' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('hides the Discord button when the server does not have it', async () => {
    await open('/auth', { 'config.get': () => config({ discordSignIn: false, passwordSignup: true }) });
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('link', { name: 'Continue with Discord' })).toBeNull();
  });

  it('shows Discord only on Register when password sign-up is off', async () => {
    await open('/auth', { 'config.get': () => config({ discordSignIn: true, passwordSignup: false }) });
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect((await screen.findByTestId('password-signup-off')).textContent).toMatch(/turned off/);
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue with Discord' })).toBeTruthy();
  });

  it('says why a Discord sign-in was refused, with the fixed sentence only', async () => {
    await open('/login?discord=member', { 'config.get': () => config({ discordSignIn: true, passwordSignup: true }) });
    expect((await screen.findByTestId('discord-refusal')).textContent).toBe(DISCORD_REFUSALS.member);
  });

  it('never shows text from the address', async () => {
    await open('/login?discord=Your%20account%20is%20closed', {
      'config.get': () => config({ discordSignIn: true, passwordSignup: true }),
    });
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByTestId('discord-refusal')).toBeNull();
    expect(screen.queryByText(/Your account is closed/)).toBeNull();
  });
});

describe('the profile Discord card', () => {
  it('explains a name held by another account and offers the claim', async () => {
    const user = makeUser({ discordUsername: 'alice-discord', discordLinked: true, discordName: 'alice' });
    renderApp('/profile?discord=name-taken', {
      api: {
        'auth.me': () => user,
        'config.get': () => config({ discordSignIn: true, passwordSignup: true }),
      },
    });
    expect((await screen.findByTestId('discord-outcome')).textContent).toBe(DISCORD_NAME_TAKEN_SENTENCE);
    expect(screen.getByRole('button', { name: 'Claim alice' })).toBeTruthy();
  });

  it('offers Link Discord to an unlinked member', async () => {
    renderApp('/profile', {
      api: { 'auth.me': () => makeUser(), 'config.get': () => config({ discordSignIn: true, passwordSignup: true }) },
    });
    const link = await screen.findByRole('link', { name: 'Link Discord' });
    expect(link.getAttribute('href')).toBe('/api/auth/discord?returnTo=%2Fprofile&intent=link');
  });
});
