/**
 * `PasswordResetsCard` (docs/product.md#admin, docs/product.md#admin-reset): on /admin, for the
 * administrator only (the server decides: `user.isAdmin`, and it re-checks on every call). Two tools:
 *
 * - Reset a user's password: Discord Username, New Password, Confirm New Password, checked with the
 *   domain's `adminResetFormSchema`; `admin.resetUserPassword` sets it and ends that user's
 *   sessions. Success shows the server's message under 'Success'; a refusal shows 'Admin password
 *   reset failed' with the reason.
 * - Issue reset code: `admin.issueResetCode` answers with a one-time code for the user, shown here
 *   once with its expiry and a copy button, for the admin to pass on over Discord.
 */
import { Button, Card, Code, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  adminResetFormSchema,
  formatRideDate,
  issueResetCodeInput,
  type AdminResetFormValues,
} from '@rideshare/domain';
import { useState } from 'react';

import { DiscordUsernameInput } from '../../components/discord-username-input';
import { FormFooter } from '../../components/form-footer';
import { NewPasswordFields } from '../../components/password-fields';
import { copyWithToast } from '../../lib/clipboard';
import { focusFirstInvalid, zodResolver } from '../../lib/form';
import { useAdminResetPassword, useIssueResetCode } from './use-profile-mutations';

const RESET_FORM = 'admin-reset';
const CODE_FORM = 'admin-reset-code';

/** The user both tools act on; a login name, so the browser must not fill, capitalise or correct it. */
function UserDiscordUsernameInput(
  inputProps: ReturnType<UseFormReturnType<{ discordUsername: string }>['getInputProps']>,
) {
  return <DiscordUsernameInput label="User's Discord Username" autoComplete="off" {...inputProps} />;
}

function ResetPasswordForm() {
  const form = useForm<AdminResetFormValues>({
    name: RESET_FORM,
    initialValues: { discordUsername: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(adminResetFormSchema),
    validateInputOnBlur: true,
  });
  const reset = useAdminResetPassword(form, RESET_FORM);

  const submit = form.onSubmit(
    (values) => {
      reset.mutate(
        { discordUsername: values.discordUsername, newPassword: values.newPassword },
        { onSuccess: () => form.reset() },
      );
    },
    (errors) => focusFirstInvalid(errors, RESET_FORM),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-reset-title">
      <Stack gap={4}>
        <Title order={3} size="h4" id="admin-reset-title">
          Reset a user&apos;s password
        </Title>
        <Text size="sm" c="dimmed">
          Sets a new password and signs the user out everywhere. Tell them the new password over Discord.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label="Reset a user's password">
        <Stack gap="md">
          <UserDiscordUsernameInput {...form.getInputProps('discordUsername')} />
          <NewPasswordFields form={form} label="User's New Password" confirmLabel="Confirm User's New Password" />
          <FormFooter color="red" pending={reset.isPending} pendingLabel="Resetting...">
            Reset User Password
          </FormFooter>
        </Stack>
      </form>
    </Stack>
  );
}

function IssueResetCodeForm() {
  const [issued, setIssued] = useState<{ discordUsername: string; code: string; expiresAt: string } | null>(null);
  const form = useForm({
    name: CODE_FORM,
    initialValues: { discordUsername: '' },
    validate: zodResolver(issueResetCodeInput),
  });
  const issue = useIssueResetCode(form, CODE_FORM);

  const submit = form.onSubmit(
    (values) => {
      setIssued(null);
      issue.mutate(values, {
        onSuccess: (answer) => {
          setIssued(answer);
          form.reset();
        },
      });
    },
    (errors) => focusFirstInvalid(errors, CODE_FORM),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-code-title">
      <Stack gap={4}>
        <Title order={3} size="h4" id="admin-code-title">
          Issue a one-time reset code
        </Title>
        <Text size="sm" c="dimmed">
          A code the user can exchange once, within 30 minutes, for a new password of their choice. Issuing a new code
          cancels the user&apos;s earlier unused codes.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label="Issue reset code">
        <Stack gap="md">
          <UserDiscordUsernameInput {...form.getInputProps('discordUsername')} />
          <FormFooter variant="light" pending={issue.isPending} pendingLabel="Issuing...">
            Issue reset code
          </FormFooter>
        </Stack>
      </form>
      {issued ? (
        <Card
          withBorder
          radius="md"
          padding="md"
          bg="var(--mantine-color-default-hover)"
          role="status"
          aria-live="polite"
        >
          <Stack gap="xs">
            <Text size="sm">
              Reset code for <strong>{issued.discordUsername}</strong>:
            </Text>
            <Group gap="sm" wrap="wrap">
              <Code
                fz="lg"
                fw={700}
                data-testid="reset-code"
                style={{ letterSpacing: '0.12em', wordBreak: 'break-all' }}
              >
                {issued.code}
              </Code>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  void copyWithToast(issued.code, { title: 'Copied', message: 'Reset code copied to clipboard' })
                }
              >
                Copy code
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Expires <time dateTime={issued.expiresAt}>{formatRideDate(issued.expiresAt)}</time>. It is shown only
              once; send it to the user on Discord.
            </Text>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

export function PasswordResetsCard() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="password-resets-title">
      <Stack gap="lg">
        <Title order={2} size="h3" id="password-resets-title">
          Password resets
        </Title>
        <ResetPasswordForm />
        <Divider />
        <IssueResetCodeForm />
      </Stack>
    </Card>
  );
}
