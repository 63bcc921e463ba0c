/** Free texts someone reads must show something (docs/product.md#validation). */
import { describe, expect, it } from 'vitest';

import { hasVisibleCharacter, invisibleTextMessage, unsafeTextMessage } from './schemas';
import { messageReportInput, messageSendInput } from './schemas/messages';
import { pushSubscribeInput, pushUnsubscribeInput } from './schemas/push';
import { ratingInput } from './schemas/record';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('hasVisibleCharacter', () => {
  it.each(['hi', '👍', '?', ' . '])('%j shows something', (text) => {
    expect(hasVisibleCharacter(text)).toBe(true);
  });
  it.each(['', '   ', '\u2060', '\u3164', '\u2060\u3164\u2800', '\u{E0041}', '\u00ad\n\u115f'])(
    '%j shows nothing',
    (text) => {
      expect(hasVisibleCharacter(text)).toBe(false);
    },
  );
});

describe('texts someone reads', () => {
  it.each([
    ['a word joiner', '\u2060'],
    ['a Hangul filler', '\u3164'],
    ['a Braille blank with a line break', '\u2800\n\u2800'],
  ])('a chat message of only %s is refused', (_label, body) => {
    expect(firstMessage(messageSendInput.safeParse({ rideId: 1, body }))).toBe(invisibleTextMessage('Message'));
  });

  it('a report reason and a thumb note of only invisible characters are refused; a blank note is none', () => {
    expect(firstMessage(messageReportInput.safeParse({ rideId: 1, messageId: 2, reason: '\u3164' }))).toBe(
      invisibleTextMessage('Reason'),
    );
    const thumb = { rideId: 1, subjectId: 2, value: 'up' };
    expect(firstMessage(ratingInput.safeParse({ ...thumb, note: '\u2060\u2060' }))).toBe(invisibleTextMessage('Note'));
    expect(ratingInput.parse({ ...thumb, note: '  ' }).note).toBeNull();
    expect(ratingInput.parse({ ...thumb, note: 'On time 👍' }).note).toBe('On time 👍');
  });

  it('an unsafe text reports that alone', () => {
    expect(messageSendInput.safeParse({ rideId: 1, body: '\u0000' }).error?.issues.map((i) => i.message)).toEqual([
      unsafeTextMessage('Message'),
    ]);
  });
});

describe('push endpoints', () => {
  it('a NUL or another control character is refused before it is read as a URL', () => {
    const endpoint = 'https://push.example.com/abc\u0000';
    expect(firstMessage(pushUnsubscribeInput.safeParse({ endpoint }))).toBe(unsafeTextMessage('The push endpoint'));
    expect(pushSubscribeInput.safeParse({ endpoint, keys: { p256dh: 'x', auth: 'y' } }).success).toBe(false);
    expect(pushUnsubscribeInput.parse({ endpoint: 'https://push.example.com/abc' }).endpoint).toBe(
      'https://push.example.com/abc',
    );
  });
});
