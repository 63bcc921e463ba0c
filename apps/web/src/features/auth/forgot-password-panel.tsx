/**
 * `ForgotPasswordPanel` (the forgot-password view of /auth, SPEC §2): there is no self-service
 * reset, so it tells the user to ask the administrator on Discord or to register again under a
 * different Discord username (linking to the Register tab), with a 'Back to login' button. Its heading takes focus when it opens.
 */
import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

export interface ForgotPasswordPanelProps {
  onBack: () => void;
  onRegister: () => void;
}

export function ForgotPasswordPanel({ onBack, onRegister }: ForgotPasswordPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="md" component="section" aria-labelledby="forgot-password-title">
      <Title order={2} size="h3" id="forgot-password-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Forgot your password?
      </Title>
      <Text>Passwords cannot be reset from this page. You can:</Text>
      <List spacing="xs">
        <List.Item>
          Contact the administrator on Discord and ask them to reset your password. They will give you a new
          password to log in with, which you can then change on your profile.
        </List.Item>
        <List.Item>
          Or{' '}
          <Anchor component="button" type="button" onClick={onRegister} inherit>
            create a new account
          </Anchor>{' '}
          with a different Discord username.
        </List.Item>
      </List>
      <Button variant="default" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
