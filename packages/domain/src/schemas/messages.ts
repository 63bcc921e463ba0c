/** The inputs of the ride chat (docs/messages.md#api). */
import { z } from 'zod';

import {
  DEFAULT_MESSAGE_PAGE,
  MAX_MESSAGE_LENGTH,
  MAX_MESSAGE_PAGE,
  MAX_REPORT_REASON_LENGTH,
  MESSAGE_REQUIRED_MESSAGE,
} from '../messages';
import { idInput, requiredText, rowId, visibleMultiline, wholeNumber } from './fields';

/** The body of a message: trimmed, 1 to 1,000 characters, line breaks allowed, no hidden characters, something visible. */
export const messageBody = requiredText(MESSAGE_REQUIRED_MESSAGE, MAX_MESSAGE_LENGTH, 'Message', visibleMultiline);

/** A page of one ride's thread: the messages before `before` (newest when left out), `limit` of them. */
export const messageListInput = z.object({
  rideId: idInput,
  before: rowId('Before must be the id of a message').nullish(),
  limit: wholeNumber(1, MAX_MESSAGE_PAGE, `Limit must be a whole number from 1 to ${String(MAX_MESSAGE_PAGE)}`).default(
    DEFAULT_MESSAGE_PAGE,
  ),
});
export type MessageListInput = z.input<typeof messageListInput>;

/** Posting a message on a ride's thread. */
export const messageSendInput = z.object({ rideId: idInput, body: messageBody });
export type MessageSendInput = z.output<typeof messageSendInput>;

/** A call about one message of one ride (delete). */
export const messageIdInput = z.object({ rideId: idInput, messageId: idInput });

/** Reporting a message to the administrator, with why. */
export const messageReportInput = z.object({
  rideId: idInput,
  messageId: idInput,
  reason: requiredText('Say why you are reporting this message', MAX_REPORT_REASON_LENGTH, 'Reason', visibleMultiline),
});

/** Marking a ride's thread read up to now (opening its chat tab). */
export const messageReadInput = z.object({ rideId: idInput });

/** The administrator's answer to a report: dismiss it, leaving the message as it is. */
export const reportIdInput = z.object({ reportId: idInput });

/** The chat composer's form: the same rule and messages as the request. */
export const messageFormSchema = z.object({ body: messageBody });
