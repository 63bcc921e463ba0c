/**
 * `ForgotPasswordPanel` (the forgot-password view of /auth, docs/product.md#auth-screen): there is no e-mail reset. It
 * tells the user to ask the administrator on Discord for a one-time reset code, or to register again
 * under a different Discord username (linking to the Register tab); below that, 'Have a reset code?'
 * (`ResetCodeForm`) redeems the code, and `onResetComplete` gets the username so the page can return
 * to the Login tab with it filled in. A 'Back to login' button closes the view. Its heading takes
 * focus when it opens.
 */
import { Anchor, Button, Divider, List, Stack, Text, Title } from '@mantine/core';
import { RESET_CODE_TTL_MINUTES } from '@rideshare/domain';
import { useEffect, useRef } from 'react';

import { ResetCodeForm } from './reset-code-form';

export interface ForgotPasswordPanelProps {
  onBack: () => void;
  onRegister: () => void;
  /** The user set a new password with a reset code; `discordUsername` is theirs, trimmed. */
  onResetComplete: (discordUsername: string) => void;
}

export function ForgotPasswordPanel({ onBack, onRegister, onResetComplete }: ForgotPasswordPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="md" component="section" aria-labelledby="forgot-password-title">
      <Title order={2} size="h3" id="forgot-password-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Forgot your password?
      </Title>
      <Text>There is no e-mail reset. You can:</Text>
      <List spacing="xs">
        <List.Item>
          Contact the administrator on Discord and ask for a one-time reset code, then enter it below with a new
          password of your choice. A code works once, for {RESET_CODE_TTL_MINUTES} minutes.
        </List.Item>
        <List.Item>
          Or{' '}
          <Anchor component="button" type="button" onClick={onRegister} inherit>
            create a new account
          </Anchor>{' '}
          with a different Discord username.
        </List.Item>
      </List>
      <Divider />
      <ResetCodeForm onComplete={onResetComplete} />
      <Divider />
      <Button variant="default" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
