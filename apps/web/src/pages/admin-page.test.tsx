import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, makeUser, renderWithProviders, type ApiCall, type ApiHandlers } from '../test-utils';
import { AdminPage } from './admin-page';

const ADMIN = makeUser({ id: 1, discordUsername: 'root', isAdmin: true });

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'auth.me': () => ADMIN,
    'admin.vendorApplications': () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
    ...overrides,
  };
}

const render = (handlers: ApiHandlers) => renderWithProviders(<AdminPage />, { path: '/admin', api: handlers });
const callsOf = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const toast = () => document.querySelector('.mantine-Notifications-root [role="alert"]');

describe('AdminPage', () => {
  it('shows a member the 404 page', async () => {
    render(api({ 'auth.me': () => makeUser({ id: 2 }) }));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Password resets' })).toBeNull();
  });

  it('shows the administrator vendor applications and password resets', async () => {
    render(api());
    expect(await screen.findByRole('heading', { name: 'Vendor applications' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Password resets' })).toBeTruthy();
  });

  it('warns about a Discord webhook that answered 404 and was disabled, naming its setting', async () => {
    render(
      api({
        'admin.discordWebhooks': () => [
          { setting: 'DISCORD_WEBHOOK_URL', disabledAt: null, disabledStatus: null },
          { setting: 'DISCORD_WEBHOOK_URL_FC_SG', disabledAt: '2026-12-07T02:00:00.000Z', disabledStatus: 404 },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Discord announcements' })).toBeTruthy();
    expect(screen.getByText('DISCORD_WEBHOOK_URL_FC_SG is disabled')).toBeTruthy();
    expect(screen.getByText('DISCORD_WEBHOOK_URL: working')).toBeTruthy();
  });
});

describe('AdminPage, password resets', () => {
  it("resets another user's password for the admin and shows the server's message", async () => {
    const { calls } = render(
      api({
        'auth.me': () => ADMIN,
        'admin.resetUserPassword': () => ({ message: 'Password for bob has been reset' }),
      }),
    );
    const reset = within(await screen.findByRole('form', { name: "Reset a user's password" }));
    fireEvent.click(reset.getByRole('button', { name: 'Reset User Password' }));
    expect(await reset.findByText("Please enter the user's Discord username")).toBeTruthy();
    expect(reset.getByText('Please enter a new password')).toBeTruthy();

    fireEvent.change(reset.getByLabelText(labelled("User's Discord Username")), { target: { value: 'bob' } });
    fireEvent.change(reset.getByLabelText(labelled("User's New Password")), { target: { value: 'fresh-pass-1' } });
    fireEvent.change(reset.getByLabelText(labelled("Confirm User's New Password")), {
      target: { value: 'fresh-pass-1' },
    });
    fireEvent.click(reset.getByRole('button', { name: 'Reset User Password' }));
    expect(await screen.findByText('Password for bob has been reset')).toBeTruthy();
    expect(callsOf(calls, 'admin.resetUserPassword').map((call) => call.input)).toEqual([
      { discordUsername: 'bob', newPassword: 'fresh-pass-1' },
    ]);
  });

  it("titles a refused reset 'Admin password reset failed'", async () => {
    render(
      api({
        'auth.me': () => ADMIN,
        'admin.resetUserPassword': () => {
          throw apiError('NOT_FOUND', 'User not found');
        },
      }),
    );
    const reset = within(await screen.findByRole('form', { name: "Reset a user's password" }));
    fireEvent.change(reset.getByLabelText(labelled("User's Discord Username")), { target: { value: 'nobody' } });
    fireEvent.change(reset.getByLabelText(labelled("User's New Password")), { target: { value: 'fresh-pass-1' } });
    fireEvent.change(reset.getByLabelText(labelled("Confirm User's New Password")), {
      target: { value: 'fresh-pass-1' },
    });
    fireEvent.click(reset.getByRole('button', { name: 'Reset User Password' }));
    await waitFor(() => expect(toast()?.textContent).toBe('Admin password reset failedUser not found'));
  });

  it('issues a one-time reset code and shows it with its expiry', async () => {
    const { calls } = render(
      api({
        'auth.me': () => ADMIN,
        'admin.issueResetCode': () => ({
          discordUsername: 'bob',
          code: 'ABCDEFGHJKMN',
          expiresAt: '2030-01-10T07:30:00.000Z',
        }),
      }),
    );
    const issue = within(await screen.findByRole('form', { name: 'Issue reset code' }));
    fireEvent.change(issue.getByLabelText(labelled("User's Discord Username")), { target: { value: ' bob ' } });
    fireEvent.click(issue.getByRole('button', { name: 'Issue reset code' }));
    expect((await screen.findByTestId('reset-code')).textContent).toBe('ABCDEFGHJKMN');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(screen.getByText(/Expires/).textContent).toContain('10 Jan 2030');
    expect(callsOf(calls, 'admin.issueResetCode').map((call) => call.input)).toEqual([{ discordUsername: ' bob ' }]);
  });
});
