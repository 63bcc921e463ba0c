/**
 * `useConfirm()`: asks once before an action that cannot be taken back or that tells everyone
 * (docs/product.md#confirmations). `ask({ title, message, confirmLabel, onConfirm, color? })` opens
 * a modal saying what will happen; the confirm button runs `onConfirm` and closes it, Cancel (or
 * Escape) leaves everything as it was. Render the returned `modal` once in the component.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in the user's words. */
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** 'red' for what cannot be undone; default the theme's. */
  color?: string;
}

export function useConfirm(): { ask: (request: ConfirmRequest) => void; modal: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const close = () => setRequest(null);
  const modal = (
    <Modal opened={request !== null} onClose={close} title={request?.title} centered>
      <Stack gap="md">
        <Text size="sm">{request?.message}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color={request?.color}
            data-autofocus
            onClick={() => {
              const action = request?.onConfirm;
              close();
              action?.();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask: setRequest, modal };
}
