/** The words of one notification: the inbox and the phone notifications share them (@rideshare/domain). */
import type { RouterOutputs } from '@rideshare/api';

export type NotificationItem = RouterOutputs['notification']['list']['items'][number];

export { notificationPath, notificationSentence, SIGN_IN_GUESSING_SENTENCE } from '@rideshare/domain';
