import {
  DISCORD_USERNAME_RULE,
  PASSWORD_RESET_COMPLETE_MESSAGE,
  RESET_CODE_INVALID_MESSAGE,
  registerFormToInput,
  unsafeTextMessage,
} from '@rideshare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, makeRideDetail, makeUser, renderApp, type ApiHandlers } from '../test-utils';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const toastWith = async (title: string) => (await screen.findByText(title)).closest('[role="alert"]') as HTMLElement;

async function openAuth(api: ApiHandlers = {}) {
  const result = renderApp('/auth', { api });
  await screen.findByRole('heading', { name: 'Welcome to RideShare' });
  return result;
}

describe('/auth login tab', () => {
  it('has a Back to Home link and requires both fields', async () => {
    const { calls } = await openAuth();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/home');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Discord username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls.some((call) => call.path === 'auth.login')).toBe(false);
  });

  it('shows the toast and the inline fallback when the credentials are wrong', async () => {
    await openAuth({
      'auth.login': () => {
        throw apiError('UNAUTHORIZED', 'Invalid Discord username or password', 'INVALID_CREDENTIALS');
      },
    });
    type('Discord Username', 'alice');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const toast = await toastWith('Login failed');
    expect(within(toast).getByText('Invalid Discord username or password')).toBeTruthy();
    expect(screen.getByTestId('login-error').textContent).toBe('Invalid Discord username or password');
  });

  it('explains other failures inline instead of blaming the password', async () => {
    await openAuth({
      'auth.login': () => {
        throw apiError(
          'TOO_MANY_REQUESTS',
          'Too many failed login attempts. Please try again in 15 minutes.',
          'RATE_LIMITED',
        );
      },
    });
    type('Discord Username', 'alice');
    type('Password', 'whatever1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(
        'Too many failed login attempts. Please try again in 15 minutes.',
      ),
    );
  });

  it("reads 'Logging in...' while the request is on its way", async () => {
    await openAuth({ 'auth.login': () => new Promise(() => undefined) });
    type('Discord Username', 'alice');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeTruthy();
  });

  it('signs in and goes home', async () => {
    const user = makeUser();
    const { calls, router } = await openAuth({ 'auth.login': () => user });
    type('Discord Username', 'alice');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((call) => call.path === 'auth.login')?.input).toEqual({
      discordUsername: 'alice',
      password: 'secret123',
    });
  });

  it('opens the forgot-password view and comes back', async () => {
    await openAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByText(/Contact the administrator on Discord/)).toBeTruthy();
    expect(screen.getByText(/with a different Discord username/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('/auth forgot password: redeeming a reset code', () => {
  async function openForgot(api: ApiHandlers = {}) {
    const result = await openAuth(api);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Have a reset code?' });
    return result;
  }

  function fillResetForm(values: { username?: string; code?: string; password?: string; confirm?: string }) {
    if (values.username !== undefined) type('Discord Username', values.username);
    if (values.code !== undefined) type('Reset Code', values.code);
    if (values.password !== undefined) type('New Password', values.password);
    if (values.confirm !== undefined) type('Confirm New Password', values.confirm);
  }

  const submitReset = () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

  it('checks the fields with the password-change messages before calling the API', async () => {
    const { calls } = await openForgot();
    expect(screen.getByRole('form', { name: 'Have a reset code?' })).toBeTruthy();
    submitReset();
    expect(await screen.findByText('Discord username is required')).toBeTruthy();
    expect(screen.getByText('Reset code is required')).toBeTruthy();
    expect(screen.getByText('Please enter a new password')).toBeTruthy();

    fillResetForm({ username: 'alice', code: 'ABCDEFGHJKMN', password: 'short', confirm: 'short' });
    submitReset();
    expect(await screen.findByText('New password must be at least 8 characters long')).toBeTruthy();

    fillResetForm({ password: 'brand-new-pass', confirm: 'brand-new-pasS' });
    submitReset();
    expect(await screen.findByText('New passwords do not match')).toBeTruthy();
    expect(field('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === 'auth.completePasswordReset')).toBe(false);
  });

  it("reads 'Resetting...' while the request is on its way", async () => {
    await openForgot({ 'auth.completePasswordReset': () => new Promise(() => undefined) });
    fillResetForm({ username: 'alice', code: 'ABCDEFGHJKMN', password: 'brand-new-pass', confirm: 'brand-new-pass' });
    submitReset();
    const button = await screen.findByRole('button', { name: 'Resetting...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server reason under Password reset failed and stays on the form', async () => {
    await openForgot({
      'auth.completePasswordReset': () => {
        throw apiError('BAD_REQUEST', RESET_CODE_INVALID_MESSAGE, 'RESET_CODE_INVALID');
      },
    });
    fillResetForm({ username: 'alice', code: 'ABCDEFGHJKMN', password: 'brand-new-pass', confirm: 'brand-new-pass' });
    submitReset();
    const toast = await toastWith('Password reset failed');
    expect(within(toast).getByText(RESET_CODE_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(field('Reset Code').value).toBe('ABCDEFGHJKMN');
  });

  it('sends the code, confirms with the server message and returns to Login with the username filled in', async () => {
    const { calls } = await openForgot({
      'auth.completePasswordReset': () => ({ message: PASSWORD_RESET_COMPLETE_MESSAGE }),
    });
    fillResetForm({
      username: '  alice ',
      code: ' abcd-efgh-jkmn ',
      password: 'brand-new-pass',
      confirm: 'brand-new-pass',
    });
    submitReset();
    const toast = await toastWith('Success');
    expect(within(toast).getByText(PASSWORD_RESET_COMPLETE_MESSAGE)).toBeTruthy();
    expect(calls.find((call) => call.path === 'auth.completePasswordReset')?.input).toEqual({
      discordUsername: 'alice',
      code: 'abcd-efgh-jkmn',
      newPassword: 'brand-new-pass',
    });

    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('heading', { name: 'Have a reset code?' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    expect(field('Discord Username').value).toBe('alice');
    expect(field('Password').value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field('Password')));
  });
});

describe('/auth register tab', () => {
  async function openRegister(api: ApiHandlers = {}) {
    const result = await openAuth(api);
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    await screen.findByRole('button', { name: 'Register' });
    return result;
  }

  it('shows the fields with their hints, and vendor fields only when the box is ticked', async () => {
    await openRegister();
    expect(screen.getByText('This is your login identifier')).toBeTruthy();
    expect(screen.getByText('Minimum 8 characters')).toBeTruthy();
    expect(field('WhatsApp Number').placeholder).toBe('+65...');
    expect(field('Malaysian Phone Number').placeholder).toBe('+60...');
    expect(screen.getByText('Recommended for ride coordination')).toBeTruthy();
    expect(screen.getByText('For payment coordination')).toBeTruthy();
    expect(screen.queryByLabelText(/^Company Name/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Register as a vendor/driver'));
    for (const label of ['Company Name', 'Driver Name', 'Driver Contact', 'Car Number'])
      expect(field(label)).toBeTruthy();
    expect(screen.getByText('Required for MDAC/SGAC compliance')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Register as a vendor/driver'));
    expect(screen.queryByLabelText(/^Company Name/)).toBeNull();
  });

  it('lists every missing field in the spec order', async () => {
    const { container } = await openRegister();
    fireEvent.click(screen.getByLabelText('Register as a vendor/driver'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Car number is required for vendors');
    const messages = [
      'Discord username is required',
      'Password is required',
      'Company name is required for vendors',
      'Driver name is required for vendors',
      'Driver contact is required for vendors',
      'Car number is required for vendors',
    ];
    const text = container.textContent ?? '';
    const positions = messages.map((message) => text.indexOf(message));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('asks for at least 8 characters', async () => {
    await openRegister();
    type('Discord Username', 'bob');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
  });

  it("shows Discord's username rule and the control-character refusal from the domain, without calling the API", async () => {
    const { calls } = await openRegister();
    type('Discord Username', 'bad-name!');
    type('Password', 'secret123');
    type('Name', 'Bob\u202Ebo');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(DISCORD_USERNAME_RULE)).toBeTruthy();
    expect(screen.getByText(unsafeTextMessage('Name'))).toBeTruthy();
    expect(calls.some((call) => call.path === 'auth.register')).toBe(false);
  });

  it('registers a vendor with the driver details and lands on the dashboard', async () => {
    const { calls, router } = await openRegister({
      'auth.register': () => makeUser({ isVendor: true, vendorStatus: 'pending' }),
    });
    type('Discord Username', 'fastcars');
    type('Password', 'secret123');
    type('WhatsApp Number', '+65 8000 0000');
    fireEvent.click(screen.getByLabelText('Register as a vendor/driver'));
    type('Company Name', 'Fast Cars');
    type('Driver Name', 'Tan');
    type('Driver Contact', '+60 12 345 6789');
    type('Car Number', 'JQB 1234');
    // The licence fields are the profile's own (docs/vendors.md#licence).
    type('Permit Number', 'CBT-77');
    type('Permit Expires On', '2030-06-30');
    fireEvent.change(screen.getByRole('textbox', { name: 'Vehicle Passenger Seats' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor'));
    // No country chosen: the permit goes as typed, so the server names what is missing.
    expect(calls.find((call) => call.path === 'auth.register')?.input).toEqual({
      permit: { country: '', number: 'CBT-77', expiresOn: '2030-06-30' },
      vehicleSeats: 7,
      ...registerFormToInput({
        discordUsername: 'fastcars',
        password: 'secret123',
        name: '',
        whatsappNumber: '+65 8000 0000',
        malaysianNumber: '',
        revolutUsername: '',
        isVendor: true,
        companyName: 'Fast Cars',
        driverName: 'Tan',
        driverContact: '+60 12 345 6789',
        carNumber: 'JQB 1234',
      }),
    });
  });

  it("reads 'Registering...' while the request is on its way", async () => {
    await openRegister({ 'auth.register': () => new Promise(() => undefined) });
    type('Discord Username', 'bob');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const button = await screen.findByRole('button', { name: 'Registering...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the toast and the inline fallback when the username is taken', async () => {
    await openRegister({
      'auth.register': () => {
        throw apiError(
          'CONFLICT',
          'Discord username already exists. Please choose another one or log in.',
          'USERNAME_TAKEN',
        );
      },
    });
    type('Discord Username', 'alice');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const toast = await toastWith('Registration failed');
    expect(
      within(toast).getByText('Discord username already exists. Please choose another one or log in.'),
    ).toBeTruthy();
    expect(screen.getByTestId('register-error').textContent).toBe(
      'Registration failed. Discord username may already exist.',
    );
  });
});

describe('/auth says why the visitor is here', () => {
  it('says nothing extra when opened directly', async () => {
    await openAuth();
    expect(screen.queryByTestId('auth-reason')).toBeNull();
  });

  it("from an open ride: 'Log in to join this ride'", async () => {
    renderApp('/rides/7', { api: { 'auth.me': () => null, 'ride.byId': () => makeRideDetail() } });
    expect(await screen.findByRole('heading', { name: 'Login Required' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Login or Register' }));
    await screen.findByRole('heading', { name: 'Welcome to RideShare' });
    expect(screen.getByTestId('auth-reason').textContent).toBe('Log in to join this ride');
  });

  it('from a full ride: the card and the login page offer the waitlist', async () => {
    renderApp('/rides/7', {
      api: { 'auth.me': () => null, 'ride.byId': () => makeRideDetail({ currentPassengers: 4, maxPassengers: 4 }) },
    });
    expect(await screen.findByRole('heading', { name: 'This Ride Is Full' })).toBeTruthy();
    expect(screen.getByText(/Log in to join the waitlist: when a seat frees up/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Login Required' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Log in to join the waitlist' }));
    await screen.findByRole('heading', { name: 'Welcome to RideShare' });
    expect(screen.getByTestId('auth-reason').textContent).toBe('This ride is full: log in to join its waitlist');
  });
});
