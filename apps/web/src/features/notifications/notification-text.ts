/** The words of one notification: the inbox and the phone notifications share them (@rideshare/domain). */

export { notificationPath, notificationSentence, SIGN_IN_GUESSING_SENTENCE } from '@rideshare/domain';
