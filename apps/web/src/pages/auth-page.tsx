/**
 * /auth (docs/product.md#auth-screen). Forgot-password is a view inside the card rather than a third tab,
 * and after a password reset with a code the Login tab comes back with the username filled in.
 * Signed-in users never see this page (the route redirects them to '/'). Reached from a ride, it
 * says why the visitor is here ('Log in to join this ride', or the reason the link gave).
 */
import { Alert, Anchor, Card, Container, Divider, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { usePageTitle } from '../components/page';
import { DiscordButton, DiscordRefusalAlert, useSignInOptions } from '../features/discord/discord-sign-in';
import { ForgotPasswordPanel } from '../features/auth/forgot-password-panel';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';
import { useAuthReason, useReturnPath } from '../features/session';

/** What the Register tab says while PASSWORD_SIGNUP=false (docs/sign-in.md#password-sign-up). */
export const PASSWORD_SIGNUP_OFF_TEXT = 'Signing up with a password is turned off on this server.';

/** "Continue with Discord" under a form, when the server offers it. */
function DiscordOption({ returnTo, withDivider }: { returnTo: string; withDivider: boolean }) {
  return (
    <Stack gap="md" mt="md">
      {withDivider ? <Divider label="or" labelPosition="center" /> : null}
      <DiscordButton returnTo={returnTo} />
    </Stack>
  );
}

type AuthView = 'login' | 'register' | 'forgot';

export function AuthPage() {
  const [view, setView] = useState<AuthView>('login');
  const [loginUsername, setLoginUsername] = useState('');
  // Only right after a reset: later visits to the tab must not pull focus away from the tab list.
  const [justReset, setJustReset] = useState(false);
  usePageTitle(view === 'register' ? 'Register' : 'Login');
  const reason = useAuthReason();
  const returnPath = useReturnPath();
  const { discordSignIn, passwordSignup } = useSignInOptions();

  return (
    <Container size={520} py="lg" px="md">
      <Stack gap="md">
        <Anchor component={Link} to="/home" size="sm" w="fit-content">
          ← Back to Home
        </Anchor>
        <Card withBorder shadow="sm" padding="lg" radius="md">
          <Stack gap="lg">
            <Stack gap={4} ta="center">
              <Title order={1} fz={{ base: 'h3', xs: 'h2' }}>
                Welcome to RideShare
              </Title>
              <Text c="dimmed" size="sm">
                Share chartered rides between Singapore and Forest City.
              </Text>
            </Stack>
            {reason ? (
              <Alert color="blue" variant="light" data-testid="auth-reason">
                {reason}
              </Alert>
            ) : null}
            <DiscordRefusalAlert />
            {view === 'forgot' ? (
              <ForgotPasswordPanel
                onBack={() => setView('login')}
                onRegister={() => setView('register')}
                onResetComplete={(discordUsername) => {
                  setLoginUsername(discordUsername);
                  setJustReset(true);
                  setView('login');
                }}
              />
            ) : (
              <Tabs
                value={view}
                onChange={(value) => {
                  setJustReset(false);
                  setView(value === 'register' ? 'register' : 'login');
                }}
                keepMounted={false}
              >
                <Tabs.List grow mb="lg">
                  <Tabs.Tab value="login">Login</Tabs.Tab>
                  <Tabs.Tab value="register">Register</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="login">
                  <LoginForm
                    initialUsername={loginUsername}
                    focusPassword={justReset}
                    onForgotPassword={() => {
                      setJustReset(false);
                      setView('forgot');
                    }}
                  />
                  {discordSignIn ? <DiscordOption returnTo={returnPath} withDivider /> : null}
                </Tabs.Panel>
                <Tabs.Panel value="register">
                  {passwordSignup ? (
                    <RegisterForm />
                  ) : (
                    <Text size="sm" data-testid="password-signup-off">
                      {PASSWORD_SIGNUP_OFF_TEXT}
                      {discordSignIn ? ' Continue with Discord to make your account.' : ''}
                    </Text>
                  )}
                  {discordSignIn ? <DiscordOption returnTo={returnPath} withDivider={passwordSignup} /> : null}
                </Tabs.Panel>
              </Tabs>
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
