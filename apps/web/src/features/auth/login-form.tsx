/**
 * `LoginForm` (the Login tab of /auth, docs/product.md#auth-screen): Discord Username and Password, both required by
 * the form; 'Logging in...' while pending. A failure shows the red toast 'Login failed' with the
 * server's message and, under the form, 'Invalid Discord username or password' (or the reason when
 * it is something else, such as too many attempts or no connection). Success goes to '/'. With
 * `initialUsername` the username is filled in; `focusPassword` puts the cursor where typing starts
 * (after a password reset, only the new password is left to enter).
 */
import { Alert, Anchor, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginInput } from '@rideshare/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { SubmitButton } from '../../components/submit-button';
import { errorCode } from '../../lib/errors';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import { useLogin, useReturnPath } from '../session';
import { DiscordUsernameInput } from '../../components/discord-username-input';

const LOGIN_FALLBACK_MESSAGE = 'Invalid Discord username or password';
const CREDENTIAL_CODES = new Set(['INVALID_CREDENTIALS', 'UNAUTHORIZED', 'VALIDATION_FAILED', 'BAD_REQUEST']);
const FORM_NAME = 'login';

export interface LoginFormProps {
  onForgotPassword: () => void;
  /** Pre-fills Discord Username, e.g. for someone who has just reset their password. */
  initialUsername?: string;
  /** Focus Password on mount. */
  focusPassword?: boolean;
}

export function LoginForm({ onForgotPassword, initialUsername = '', focusPassword = false }: LoginFormProps) {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin({
    title: 'Login failed',
    then: (message, err) => {
      const code = errorCode(err);
      setFailure(code && CREDENTIAL_CODES.has(code) ? LOGIN_FALLBACK_MESSAGE : message);
    },
  });
  const form = useForm({
    name: FORM_NAME,
    initialValues: { discordUsername: initialUsername, password: '' },
    validate: zodResolver(loginInput),
  });

  useEffect(() => {
    if (focusPassword) document.querySelector<HTMLElement>(`[data-path="${FORM_NAME}-password"]`)?.focus();
  }, [focusPassword]);

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      login.mutate(values, {
        onSuccess: () => {
          void navigate(returnPath, { replace: true });
        },
      });
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="md">
        <DiscordUsernameInput {...form.getInputProps('discordUsername')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot your password?
          </Anchor>
        </Group>
        {failure ? (
          <Alert color="red" variant="light" data-testid="login-error">
            {failure}
          </Alert>
        ) : null}
        <SubmitButton fullWidth pending={login.isPending} pendingLabel="Logging in...">
          Login
        </SubmitButton>
      </Stack>
    </form>
  );
}
