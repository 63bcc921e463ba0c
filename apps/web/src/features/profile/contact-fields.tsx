/**
 * A member's name and contact fields (docs/product.md#profile): name, WhatsApp number, Malaysian
 * phone number and Revolut username, all optional. Shared by the register form, where the name is
 * labelled 'Name', and the profile form, where it is 'Full Name'.
 */
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** The contact details as a form holds them (blank when not given). */
export interface ContactValues {
  name: string;
  whatsappNumber: string;
  malaysianNumber: string;
  revolutUsername: string;
}

export interface ContactFieldsProps<T extends ContactValues> {
  form: UseFormReturnType<T>;
  /** The name field's label: 'Name' when registering, 'Full Name' on the profile. */
  nameLabel: string;
}

/** The four inputs, bound to a form whose values include {@link ContactValues}. */
export function ContactFields<T extends ContactValues>({ form, nameLabel }: ContactFieldsProps<T>) {
  return (
    <>
      <TextInput label={nameLabel} autoComplete="name" {...form.getInputProps('name')} />
      <TextInput
        label="WhatsApp Number"
        description="Recommended for ride coordination"
        placeholder="+65..."
        type="tel"
        autoComplete="tel"
        {...form.getInputProps('whatsappNumber')}
      />
      <TextInput
        label="Malaysian Phone Number"
        placeholder="+60..."
        type="tel"
        // Not the browser's saved number: that one is the Singapore number above.
        autoComplete="off"
        {...form.getInputProps('malaysianNumber')}
      />
      <TextInput
        label="Revolut Username"
        description="For payment coordination"
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('revolutUsername')}
      />
    </>
  );
}
