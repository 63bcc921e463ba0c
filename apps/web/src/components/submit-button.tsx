/**
 * `SubmitButton`: a form's submit button that reads `pendingLabel` (e.g. 'Registering...') with a
 * small spinner while `pending`, and cannot be pressed twice meanwhile. Unlike Mantine's `loading`
 * prop, the label stays visible, as docs/product.md#screens asks. Other Button props pass through.
 */
import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SubmitButtonProps extends Omit<ButtonProps, 'children' | 'loading'> {
  pending: boolean;
  children: ReactNode;
  pendingLabel: ReactNode;
  /** 'button' for actions outside a form (e.g. Delete Ride). */
  type?: 'submit' | 'button';
  onClick?: () => void;
}

export function SubmitButton({
  pending,
  children,
  pendingLabel,
  type = 'submit',
  disabled,
  ...rest
}: SubmitButtonProps) {
  return (
    <Button
      type={type}
      {...rest}
      disabled={pending || disabled}
      data-pending={pending || undefined}
      aria-busy={pending || undefined}
      leftSection={pending ? <Loader size={14} color="currentColor" /> : rest.leftSection}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
