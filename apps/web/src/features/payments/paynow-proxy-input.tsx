/**
 * The profile's PayNow proxy field (docs/payments.md#paynow): a Singapore mobile or a UEN, kept
 * private and used only to build the PayNow code riders scan for their share.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

export function PaynowProxyInput(props: TextInputProps) {
  return (
    <TextInput
      label="PayNow (mobile or UEN)"
      description="Private: only used to make the PayNow QR code your riders pay you with"
      placeholder="+65 9123 4567 or 201912345K"
      autoCapitalize="characters"
      spellCheck={false}
      autoComplete="off"
      {...props}
    />
  );
}
