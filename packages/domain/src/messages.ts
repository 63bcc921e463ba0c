/**
 * The ride chat (docs/messages.md): who is in a ride's party and so reads and writes its thread, when
 * the thread turns read-only, the limits on a message and how the unread notice reads. The schemas
 * that read these limits are in `schemas/messages.ts`.
 */
import type { RideRole } from './contacts';
import { DomainError, NOT_FOUND_MESSAGES } from './errors';
import { displayName } from './names';
import { assertApprovedVendor, type VendorStanding } from './vendor-approval';

/** A message holds at most this many characters (after trimming). */
export const MAX_MESSAGE_LENGTH = 1000;
/** A report's reason holds at most this many characters. */
export const MAX_REPORT_REASON_LENGTH = 300;
/** The most messages one page of the thread holds, and how many when a page size is left out. */
export const MAX_MESSAGE_PAGE = 100;
export const DEFAULT_MESSAGE_PAGE = 50;
/** A cancelled or completed ride's chat turns read-only this many days after the ride. */
export const CHAT_CLOSES_AFTER_DAYS = 7;
/** A member's phone is told of new messages on one ride at most once in this many minutes. */
export const MESSAGE_PUSH_EVERY_MINUTES = 10;
/** Days after a ride's date its messages are deleted, unless MESSAGE_RETENTION_DAYS says otherwise. */
export const DEFAULT_MESSAGE_RETENTION_DAYS = 30;
/** Messages one member may post per minute, unless MESSAGES_PER_MINUTE says otherwise. */
export const DEFAULT_MESSAGES_PER_MINUTE = 20;
/** The window of the per-member posting limit (MESSAGES_PER_MINUTE). */
export const MESSAGE_LIMIT_WINDOW_MS = 60_000;

/** How an author is shown beside their message: what they were to the ride when they wrote it. */
export const MESSAGE_AUTHOR_ROLES = ['organizer', 'passenger', 'vendor'] as const;
export type MessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];

export const MESSAGE_REQUIRED_MESSAGE = `Write a message (1 to ${String(MAX_MESSAGE_LENGTH)} characters)`;
export const CHAT_FORBIDDEN_MESSAGE = "Only the ride's organizer, its riders and its assigned driver can use this chat";
export const CHAT_CLOSED_MESSAGE = `This ride ended more than ${String(CHAT_CLOSES_AFTER_DAYS)} days ago: its chat is read-only`;
export const MESSAGE_DELETE_FORBIDDEN_MESSAGE = "Only the message's author or the ride's organizer can delete it";
export const MESSAGE_NOT_FOUND_MESSAGE = NOT_FOUND_MESSAGES.message;

/** One message as the thread shows it; a deleted one keeps its place but has no body. */
export interface ChatMessage {
  id: number;
  rideId: number;
  author: { id: number; name: string; role: MessageAuthorRole; discordVerified: boolean };
  body: string | null;
  createdAt: string;
  deleted: boolean;
}

/** A page of the thread, oldest first; `nextBefore` asks for the older page (null: none older). */
export interface ChatPage {
  items: ChatMessage[];
  nextBefore: number | null;
}

/**
 * The chat's party is the organiser, the riders on the ride now and its assigned vendor while
 * approved; anyone else is refused (a vendor no longer approved with its status message). Answers
 * the role the member writes under.
 *
 * @example assertInChatParty('passenger', { isVendor: false, vendorStatus: null, vendorStatusReason: null }) // 'passenger'
 */
export function assertInChatParty(
  role: RideRole,
  standing: VendorStanding,
  forbidden: string = CHAT_FORBIDDEN_MESSAGE,
): MessageAuthorRole {
  if (role === 'organiser') return 'organizer';
  if (role === 'passenger') return 'passenger';
  if (role !== 'vendor') throw new DomainError('NOT_IN_PARTY', forbidden);
  assertApprovedVendor(standing);
  return 'vendor';
}

/**
 * Whether a ride's chat only reads now: a cancelled or completed ride more than
 * {@link CHAT_CLOSES_AFTER_DAYS} days after its departure (a cancelled one: after its cancellation,
 * when that came first). Open and assigned rides stay writable.
 *
 * @example isChatReadOnly({ status: 'completed', date: '2026-11-01T02:00:00Z', cancelledAt: null }, new Date('2026-11-09T02:00:00Z')) // true
 */
export function isChatReadOnly(
  ride: { status: string; date: Date | string; cancelledAt?: Date | string | null },
  now: Date,
): boolean {
  if (ride.status !== 'cancelled' && ride.status !== 'completed') return false;
  const departure = new Date(ride.date).getTime();
  const cancelled = ride.cancelledAt ? new Date(ride.cancelledAt).getTime() : Number.POSITIVE_INFINITY;
  const ended = ride.status === 'cancelled' ? Math.min(departure, cancelled) : departure;
  return now.getTime() - ended > CHAT_CLOSES_AFTER_DAYS * 86_400_000;
}

/** CHAT_CLOSED when the thread only reads now (see {@link isChatReadOnly}). */
export function assertChatWritable(
  ride: { status: string; date: Date | string; cancelledAt?: Date | string | null },
  now: Date,
): void {
  if (isChatReadOnly(ride, now)) throw new DomainError('CHAT_CLOSED', CHAT_CLOSED_MESSAGE);
}

/**
 * Only the author deletes a message, or the ride's organiser any message on their ride.
 *
 * @example canDeleteMessage({ viewerId: 3, authorId: 4, organiserId: 3 }) // true
 */
export function canDeleteMessage(args: { viewerId: number; authorId: number; organiserId: number }): boolean {
  return args.viewerId === args.authorId || args.viewerId === args.organiserId;
}

/**
 * The refusal past MESSAGES_PER_MINUTE, saying why and when to try again.
 *
 * @example messageFloodMessage(20, 42) // 'You are sending messages too fast: at most 20 a minute. Try again in 42 seconds.'
 */
export function messageFloodMessage(perMinute: number, retryAfterSeconds: number): string {
  const seconds = Math.max(1, retryAfterSeconds);
  return `You are sending messages too fast: at most ${String(perMinute)} a minute. Try again in ${String(seconds)} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * When a member's phone may be told again of new messages on a ride: never told, or last told at
 * least {@link MESSAGE_PUSH_EVERY_MINUTES} minutes before `now`.
 */
export function mayPushMessageNotice(lastPushedAt: Date | null, now: Date): boolean {
  return lastPushedAt === null || now.getTime() - lastPushedAt.getTime() >= MESSAGE_PUSH_EVERY_MINUTES * 60_000;
}

/**
 * How many unread messages a notice's `detail` counts ('3'); at least 1.
 *
 * @example unreadMessageCount('3') // 3
 */
export function unreadMessageCount(detail: string | null): number {
  const count = Number(detail ?? '1');
  return Number.isInteger(count) && count > 0 ? count : 1;
}

/**
 * The name shown with a message: a vendor's company, else the member's name, else their Discord
 * username.
 *
 * @example messageAuthorName('vendor', { name: 'Dan', discordUsername: 'dan', companyName: 'Acme Cabs' }) // 'Acme Cabs'
 */
export function messageAuthorName(
  role: MessageAuthorRole,
  user: { name: string | null; discordUsername: string; companyName: string | null },
): string {
  const company = role === 'vendor' ? user.companyName?.trim() : undefined;
  return company || (displayName(user) ?? user.discordUsername);
}
