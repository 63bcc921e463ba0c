import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { apiError, makeUser, renderWithProviders, type ApiCall, type ApiHandlers } from '../test-utils';
import { ProfilePage } from './profile-page';

const ALICE = makeUser({
  id: 2,
  discordUsername: 'alice',
  name: 'Alice Tan',
  whatsappNumber: '+65 9123 4567',
  malaysianNumber: null,
  revolutUsername: 'alicet',
});

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'auth.me': () => ALICE,
    'user.calendarFeed': () => ({ active: false, createdAt: null }),
    'message.reports': () => [],
    ...overrides,
  };
}

const render = (handlers: ApiHandlers) => renderWithProviders(<ProfilePage />, { path: '/profile', api: handlers });
const callsOf = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);
/** A field by its label (a required field's label ends with an asterisk). */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const input = (label: string) => screen.getByLabelText(labelled(label)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const toast = () => document.querySelector('.mantine-Notifications-root [role="alert"]');

describe('ProfilePage, details', () => {
  it("shows the user's details with the spec's labels, placeholders and hints", async () => {
    render(api());
    await waitFor(() => expect(input('Full Name').value).toBe('Alice Tan'));
    const discord = input('Discord Username');
    expect(discord.value).toBe('alice');
    expect(discord.readOnly).toBe(true);
    expect(input('WhatsApp Number').value).toBe('+65 9123 4567');
    expect(input('WhatsApp Number').placeholder).toBe('+65...');
    expect(screen.getByText('Recommended for ride coordination')).toBeTruthy();
    expect(input('Malaysian Phone Number').value).toBe('');
    expect(input('Malaysian Phone Number').placeholder).toBe('+60...');
    expect(input('Revolut Username').value).toBe('alicet');
    expect(screen.getByText('For payment coordination')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Password resets' })).toBeNull();
  });

  it('saves the changes, confirms and puts the saved user into the session', async () => {
    let me = ALICE;
    const { calls } = render(
      api({
        'auth.me': () => me,
        'user.update': (body) => {
          const values = body as { name: string; malaysianNumber: string; revolutUsername: string };
          me = { ...me, name: values.name, malaysianNumber: values.malaysianNumber, revolutUsername: null };
          return me;
        },
      }),
    );
    await waitFor(() => expect(input('Full Name').value).toBe('Alice Tan'));
    type('Full Name', 'Alice Lim');
    type('Malaysian Phone Number', '+60 12 345 6789');
    type('Revolut Username', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Your profile has been updated')).toBeTruthy();
    expect(callsOf(calls, 'user.update').map((call) => call.input)).toEqual([
      {
        id: 2,
        name: 'Alice Lim',
        whatsappNumber: '+65 9123 4567',
        malaysianNumber: '+60 12 345 6789',
        revolutUsername: '',
        paynowProxy: '',
        shareContactsWith: 'members',
      },
    ]);
    expect(input('Full Name').value).toBe('Alice Lim');
    expect(input('Revolut Username').value).toBe('');
    // The session was updated from the answer, not by asking the server again.
    expect(callsOf(calls, 'auth.me')).toHaveLength(1);
  });

  it("shows a refusal as 'Failed to update profile: {message}', in a toast and under the form", async () => {
    render(
      api({
        'user.update': () => {
          throw apiError('FORBIDDEN', 'You can only update your own profile', 'NOT_OWN_PROFILE');
        },
      }),
    );
    await waitFor(() => expect(input('Full Name').value).toBe('Alice Tan'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const text = 'Failed to update profile: You can only update your own profile';
    await waitFor(() => expect(screen.getByTestId('profile-error').textContent).toBe(text));
    expect(toast()?.textContent).toBe(`Error${text}`);
  });

  it('reads an HTML error page as a server error', async () => {
    render(
      api({
        'user.update': () => {
          throw TRPCClientError.from(new SyntaxError(`Unexpected token '<', "<!DOCTYPE "... is not valid JSON`));
        },
      }),
    );
    await waitFor(() => expect(input('Full Name').value).toBe('Alice Tan'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByTestId('profile-error').textContent).toBe(
        'Failed to update profile: Server error: The server returned an HTML error instead of JSON',
      ),
    );
  });
});

describe('ProfilePage, Password Settings', () => {
  it("checks the fields with section 5's messages before calling the server", async () => {
    const { calls } = render(api());
    const passwords = within(await screen.findByRole('form', { name: 'Change password' }));
    fireEvent.click(passwords.getByRole('button', { name: 'Change Password' }));
    expect(await passwords.findByText('Please enter your current password')).toBeTruthy();
    expect(passwords.getByText('Please enter a new password')).toBeTruthy();

    type('Current Password', 'old-password-1');
    type('New Password', 'short');
    fireEvent.click(passwords.getByRole('button', { name: 'Change Password' }));
    expect(await passwords.findByText('New password must be at least 8 characters long')).toBeTruthy();

    type('New Password', 'new-password-1');
    type('Confirm New Password', 'new-password-2');
    fireEvent.click(passwords.getByRole('button', { name: 'Change Password' }));
    expect(await passwords.findByText('New passwords do not match')).toBeTruthy();
    expect(callsOf(calls, 'auth.changePassword')).toHaveLength(0);
  });

  it("changes the password, confirms with 'Password changed' and empties the form", async () => {
    const { calls } = render(api({ 'auth.changePassword': () => ({ message: 'Password reset successful!' }) }));
    await screen.findByRole('form', { name: 'Change password' });
    type('Current Password', 'old-password-1');
    type('New Password', 'new-password-1');
    type('Confirm New Password', 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(callsOf(calls, 'auth.changePassword').map((call) => call.input)).toEqual([
      { currentPassword: 'old-password-1', newPassword: 'new-password-1' },
    ]);
    expect(input('Current Password').value).toBe('');
    expect(input('Confirm New Password').value).toBe('');
  });

  it("shows a refusal under 'Password reset failed' and marks a wrong current password", async () => {
    render(
      api({
        'auth.changePassword': () => {
          throw apiError('BAD_REQUEST', 'Current password is incorrect', 'WRONG_PASSWORD');
        },
      }),
    );
    await screen.findByRole('form', { name: 'Change password' });
    type('Current Password', 'not-my-password');
    type('New Password', 'new-password-1');
    type('Confirm New Password', 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getAllByText('Current password is incorrect')).toHaveLength(2));
    expect(toast()?.textContent).toBe('Password reset failedCurrent password is incorrect');
    expect(input('Current Password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ProfilePage vendor details', () => {
  const VENDOR = makeUser({
    id: 9,
    isVendor: true,
    companyName: 'Second Link Cars',
    driverDetails: { name: 'Tan Ah Kow', contact: '+60 12 345 6789', carNumber: 'JQB 1234' },
  });
  const form = () => within(screen.getByRole('form', { name: 'Vendor details' }));

  it('is not shown to members', async () => {
    render(api());
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Vendor Details' })).toBeNull();
  });

  it("shows a vendor's company and driver and saves changes with user.update", async () => {
    const { calls } = render(
      api({
        'auth.me': () => VENDOR,
        'user.update': () => ({ ...VENDOR, companyName: 'Acme Transport' }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Vendor Details' })).toBeTruthy();
    expect((form().getByLabelText(/Driver Name/) as HTMLInputElement).value).toBe('Tan Ah Kow');
    expect((form().getByLabelText(/Car Number/) as HTMLInputElement).value).toBe('JQB 1234');
    fireEvent.change(form().getByLabelText(/Company Name/), { target: { value: 'Acme Transport' } });
    fireEvent.click(form().getByRole('button', { name: 'Save Vendor Details' }));
    expect(await screen.findByText('Vendor details updated')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'user.update').map((call) => call.input)).toEqual([
      {
        id: 9,
        companyName: 'Acme Transport',
        driverDetails: { name: 'Tan Ah Kow', contact: '+60 12 345 6789', carNumber: 'JQB 1234' },
      },
    ]);
  });

  it('shows a vendor only what applies to a vendor: no PayNow number, no sharing choice', async () => {
    const { calls } = render(api({ 'auth.me': () => VENDOR, 'user.update': () => VENDOR }));
    await screen.findByRole('heading', { name: 'Vendor Details' });
    const personal = within(screen.getByRole('form', { name: 'Profile' }));
    expect(personal.getByLabelText(/WhatsApp Number/)).toBeTruthy();
    expect(personal.queryByLabelText(/PayNow/)).toBeNull();
    expect(personal.queryByRole('radiogroup', { name: /Who sees my numbers/ })).toBeNull();
    fireEvent.click(personal.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.path === 'user.update')).toHaveLength(1));
    const sent = calls.find((call) => call.path === 'user.update')?.input as Record<string, unknown>;
    expect(Object.keys(sent)).not.toContain('paynowProxy');
    expect(Object.keys(sent)).not.toContain('shareContactsWith');
  });

  it("shows the server's refusal under the form", async () => {
    render(
      api({
        'auth.me': () => VENDOR,
        'user.update': () => {
          throw apiError('BAD_REQUEST', 'Car number is required for vendors', 'VALIDATION_FAILED');
        },
      }),
    );
    await screen.findByRole('heading', { name: 'Vendor Details' });
    fireEvent.change(form().getByLabelText(/Car Number/), { target: { value: '' } });
    fireEvent.click(form().getByRole('button', { name: 'Save Vendor Details' }));
    await waitFor(() =>
      expect(screen.getByTestId('vendor-details-error').textContent).toBe(
        'Failed to update profile: Car number is required for vendors',
      ),
    );
  });
});
