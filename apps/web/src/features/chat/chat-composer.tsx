/**
 * The chat composer: a text box whose draft is kept per ride in the browser's session storage, so a
 * refresh (or a live update) never loses it; the same rule as the server (`messageFormSchema`: 1 to
 * 1,000 characters after trimming, no hidden characters) with the server's words. Enter makes a new
 * line; Ctrl+Enter (or Cmd+Enter) and the Send button send. A refusal (too fast, read-only) is shown
 * under the box and the draft stays.
 */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MAX_MESSAGE_LENGTH, messageFormSchema } from '@rideshare/domain';
import { useState, type FormEvent, type KeyboardEvent } from 'react';

import { errorMessage } from '../../lib/errors';
import { useSendMessage } from './use-chat-mutations';

const draftKey = (rideId: number) => `rideshare:chat-draft:${String(rideId)}`;

function readDraft(rideId: number): string {
  try {
    return window.sessionStorage.getItem(draftKey(rideId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(rideId: number, text: string): void {
  try {
    if (text) window.sessionStorage.setItem(draftKey(rideId), text);
    else window.sessionStorage.removeItem(draftKey(rideId));
  } catch {
    // Storage may be off (private mode): the draft then lives as long as the page.
  }
}

/** A fine pointer that can hover: a mouse, so most likely a physical keyboard beside it. */
export const PHYSICAL_KEYBOARD_QUERY = '(pointer: fine) and (hover: hover)';

export function ChatComposer({ rideId, onSent }: { rideId: number; onSent: () => void }) {
  // The shortcut is only worth naming where it can be pressed: not on a phone's on-screen keyboard.
  const keyboard = useMediaQuery(PHYSICAL_KEYBOARD_QUERY) ?? false;
  const [draft, setDraftState] = useState(() => readDraft(rideId));
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();

  const setDraft = (text: string) => {
    setDraftState(text);
    writeDraft(rideId, text);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = messageFormSchema.safeParse({ body: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the message');
      return;
    }
    setError(null);
    send.mutate(
      { rideId, body: parsed.data.body },
      {
        onSuccess: () => {
          setDraft('');
          onSent();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  const left = MAX_MESSAGE_LENGTH - draft.trim().length;
  return (
    <form onSubmit={submit} noValidate aria-label="Write a message">
      <Stack gap={6}>
        <Textarea
          label="Message"
          placeholder="Write to everyone on this ride"
          autosize
          minRows={2}
          maxRows={6}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={error}
          description={keyboard ? 'Ctrl+Enter sends' : undefined}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c={left < 0 ? 'red' : 'dimmed'} aria-live="polite">
            {left < 0 ? `${String(-left)} characters over the limit` : `${String(left)} characters left`}
          </Text>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
