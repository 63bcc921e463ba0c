/** Reporting a chat message to the administrator, with a reason (docs/messages.md#reports). */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MAX_REPORT_REASON_LENGTH, type ChatMessage } from '@rideshare/domain';
import { useState } from 'react';

import { useReportMessage } from './use-chat-mutations';

export function ReportMessageModal({ message, onClose }: { message: ChatMessage | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportMessage(setError);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!message) return;
    if (!reason.trim()) {
      setError('Say why you are reporting this message');
      return;
    }
    report.mutate({ rideId: message.rideId, messageId: message.id, reason }, { onSuccess: close });
  };

  return (
    <Modal opened={message !== null} onClose={close} title="Report message" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The administrator sees this message and your reason, and may delete it.
        </Text>
        {message?.body ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fs="italic">
            “{message.body}”
          </Text>
        ) : null}
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={MAX_REPORT_REASON_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={report.isPending} onClick={submit}>
            Send report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
