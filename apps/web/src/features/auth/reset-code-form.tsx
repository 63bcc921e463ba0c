/**
 * `ResetCodeForm` ('Have a reset code?' on the forgot-password view): the user redeems the one-time
 * code the administrator issued (Admin → Password resets) for a new password of their choice, through
 * `auth.completePasswordReset`. Checked with the domain's `completeResetFormSchema`, so the messages
 * match the password settings ('Please enter a new password', 'New passwords do not match', ...).
 * 'Resetting...' while pending. Success shows the server's message under 'Success' and hands the
 * username to `onComplete` (the page switches to the Login tab with it filled in); a refusal shows
 * 'Password reset failed' with the server's reason.
 */
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { completeResetFormSchema, type CompleteResetFormValues } from '@rideshare/domain';

import { DiscordUsernameInput } from '../../components/discord-username-input';
import { NewPasswordFields } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import { useCompletePasswordReset } from './use-reset-password';

const FORM_NAME = 'reset-code';

export interface ResetCodeFormProps {
  /** Called with the (trimmed) Discord username once the new password is set. */
  onComplete: (discordUsername: string) => void;
}

export function ResetCodeForm({ onComplete }: ResetCodeFormProps) {
  const form = useForm<CompleteResetFormValues>({
    name: FORM_NAME,
    initialValues: { discordUsername: '', code: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(completeResetFormSchema),
  });
  const complete = useCompletePasswordReset(form, FORM_NAME);

  const submit = form.onSubmit(
    (values) => {
      const discordUsername = values.discordUsername.trim();
      complete.mutate(
        { discordUsername, code: values.code.trim(), newPassword: values.newPassword },
        { onSuccess: () => onComplete(discordUsername) },
      );
    },
    (errors) => focusFirstInvalid(errors, FORM_NAME),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="reset-code-title">
      <Stack gap={4}>
        <Title order={3} size="h4" id="reset-code-title">
          Have a reset code?
        </Title>
        <Text size="sm" c="dimmed">
          Enter the code the administrator sent you and choose a new password.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-labelledby="reset-code-title">
        <Stack gap="md">
          <DiscordUsernameInput {...form.getInputProps('discordUsername')} />
          <TextInput
            label="Reset Code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            withAsterisk
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
            {...form.getInputProps('code')}
          />
          <NewPasswordFields form={form} />
          <SubmitButton fullWidth pending={complete.isPending} pendingLabel="Resetting...">
            Reset Password
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
