import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A required Discord username field: usernames are identifiers, so no auto-capitalisation or spell
 * checking. Label and autocomplete default to the signed-out user's own username; pass others
 * (e.g. the admin's "User's Discord Username", autoComplete "off") where it names someone else.
 */
export function DiscordUsernameInput({
  label = 'Discord Username',
  autoComplete = 'username',
  ...props
}: TextInputProps) {
  return (
    <TextInput
      label={label}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      withAsterisk
      {...props}
    />
  );
}
