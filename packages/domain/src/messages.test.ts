import { describe, expect, it } from 'vitest';

import {
  assertChatWritable,
  assertInChatParty,
  canDeleteMessage,
  CHAT_FORBIDDEN_MESSAGE,
  isChatReadOnly,
  MAX_MESSAGE_LENGTH,
  mayPushMessageNotice,
  messageFloodMessage,
} from './messages';
import { notificationSentence } from './notification-text';
import { notificationPath } from './notifications';
import { messageSendInput } from './schemas/messages';

const MEMBER = { isVendor: false, vendorStatus: null, vendorStatusReason: null } as const;
const DAY = 86_400_000;

describe('the chat party', () => {
  it('takes the organiser, the riders and the approved assigned vendor, each with their role', () => {
    expect(assertInChatParty('organiser', MEMBER)).toBe('organizer');
    expect(assertInChatParty('passenger', MEMBER)).toBe('passenger');
    expect(assertInChatParty('vendor', { isVendor: true, vendorStatus: 'approved', vendorStatusReason: null })).toBe(
      'vendor',
    );
  });

  it('refuses anyone else, and a vendor no longer approved with its status', () => {
    expect(() => assertInChatParty('member', MEMBER)).toThrow(CHAT_FORBIDDEN_MESSAGE);
    expect(() => assertInChatParty('public', MEMBER)).toThrow(CHAT_FORBIDDEN_MESSAGE);
    expect(() =>
      assertInChatParty('vendor', { isVendor: true, vendorStatus: 'suspended', vendorStatusReason: 'Late' }),
    ).toThrow('Your vendor account is suspended: Late');
  });
});

describe('read-only chats', () => {
  const date = new Date('2026-11-01T02:00:00Z');
  const after = (days: number) => new Date(date.getTime() + days * DAY);

  it('closes a completed ride more than 7 days after it, not before', () => {
    expect(isChatReadOnly({ status: 'completed', date }, after(7))).toBe(false);
    expect(isChatReadOnly({ status: 'completed', date }, new Date(after(7).getTime() + 1))).toBe(true);
  });

  it('closes a cancelled ride 7 days after its cancellation when that came first', () => {
    const cancelledAt = new Date(date.getTime() - 10 * DAY);
    expect(isChatReadOnly({ status: 'cancelled', date, cancelledAt }, after(-2))).toBe(true);
    expect(() => assertChatWritable({ status: 'cancelled', date, cancelledAt }, after(-2))).toThrow('read-only');
  });

  it('keeps open and assigned rides writable however old', () => {
    expect(isChatReadOnly({ status: 'open', date }, after(60))).toBe(false);
    expect(isChatReadOnly({ status: 'assigned', date }, after(60))).toBe(false);
  });
});

describe('messages', () => {
  it('deletes for the author or the organiser only', () => {
    expect(canDeleteMessage({ viewerId: 4, authorId: 4, organiserId: 3 })).toBe(true);
    expect(canDeleteMessage({ viewerId: 3, authorId: 4, organiserId: 3 })).toBe(true);
    expect(canDeleteMessage({ viewerId: 5, authorId: 4, organiserId: 3 })).toBe(false);
  });

  it('takes 1 to 1000 characters after trimming, with line breaks but no hidden characters', () => {
    expect(messageSendInput.parse({ rideId: 1, body: '  On my way\nsee you  ' }).body).toBe('On my way\nsee you');
    expect(messageSendInput.safeParse({ rideId: 1, body: '   ' }).error?.issues[0]?.message).toBe(
      'Write a message (1 to 1000 characters)',
    );
    expect(
      messageSendInput.safeParse({ rideId: 1, body: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }).error?.issues[0]?.message,
    ).toBe('Message must be at most 1000 characters');
    expect(messageSendInput.safeParse({ rideId: 1, body: 'hi\u202Eevil' }).error?.issues[0]?.message).toContain(
      'not allowed',
    );
    expect(messageSendInput.safeParse({ rideId: 1, body: 'hi\u200Bthere' }).success).toBe(false);
  });

  it('says why a flood is refused and when to come back', () => {
    expect(messageFloodMessage(20, 42)).toBe(
      'You are sending messages too fast: at most 20 a minute. Try again in 42 seconds.',
    );
  });

  it('tells a phone at most once in 10 minutes', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(mayPushMessageNotice(null, now)).toBe(true);
    expect(mayPushMessageNotice(new Date(now.getTime() - 9 * 60_000), now)).toBe(false);
    expect(mayPushMessageNotice(new Date(now.getTime() - 10 * 60_000), now)).toBe(true);
  });

  it('reads the unread notice with the count, the day and the route', () => {
    const base = { kind: 'ride_message', rideDirection: 'SG->FC', rideDate: '2026-11-29T01:00:00Z' } as const;
    expect(notificationSentence({ ...base, detail: '3' })).toBe('3 new messages on Sun 29 Nov, SG → FC');
    expect(notificationSentence({ ...base, detail: '1' })).toBe('1 new message on Sun 29 Nov, SG → FC');
  });
});

describe('where a chat notice leads', () => {
  it('opens the ride’s Chat tab; other ride notices open the ride, account notices lead nowhere', () => {
    expect(notificationPath({ kind: 'ride_message', rideId: 7 })).toBe('/rides/7?tab=chat');
    expect(notificationPath({ kind: 'ride_edited', rideId: 7 })).toBe('/rides/7');
    expect(notificationPath({ kind: 'vendor_approved', rideId: null })).toBeNull();
  });
});
