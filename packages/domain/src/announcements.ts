/**
 * A ride's announcement in the community's Discord channel (docs/announcements.md): the message a
 * webhook posts and edits. Pure: the API's sender reads the ride and sends what this answers.
 *
 * Nothing a member typed may ping or format: every call carries `allowed_mentions: {parse: []}`,
 * and member text (places, names, reasons) goes through {@link escapeDiscordText}. No phone
 * number, Revolut username or Discord username is ever part of the message.
 */
import type { Direction, RideStatus } from './constants';
import { formatSgd, perPersonIfFull } from './cost';
import { directionLabel } from './direction';
import { formatRideDate } from './time';

/** Rides of one weekly series that are announced at a time: the next four ahead. */
export const ANNOUNCED_SERIES_RIDES = 4;

/** Name shown for an organiser who gave no name (their Discord username is never shown). */
export const ANONYMOUS_ORGANISER = 'A member';

/** Discord's embed colours: open (blue), full (green), cancelled or over (grey). */
const COLOURS = { open: 0x228be6, full: 0x2f9e44, ended: 0x868e96 } as const;

/** Characters Discord reads as markdown (or as the start of a mention, link or quote). */
const MARKDOWN = /[\\*_~`|>#\-[\]()<]/g;

/**
 * Member-typed text made safe for a Discord message: one line (runs of white space become one
 * space), at most `maxLength` characters (cut with '…'), every markdown character escaped with a
 * backslash and every '@' followed by a zero-width space, so `**x**` shows its stars and
 * `@everyone` or `<@&123>` shows as text, pinging nobody.
 *
 * @example escapeDiscordText('**Big** @everyone') // '\\*\\*Big\\*\\* @\u200beveryone'
 */
export function escapeDiscordText(text: string, maxLength = 200): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const cut = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1).trimEnd()}…` : oneLine;
  return cut.replace(MARKDOWN, (c) => `\\${c}`).replace(/@/g, '@\u200b');
}

/** What the message shows of a ride. */
export interface AnnouncedRide {
  id: number;
  direction: Direction;
  date: Date;
  pickupLocation: string;
  maxPassengers: number;
  currentPassengers: number;
  cost: number;
  additionalStops: number;
  stopPrice: number;
  status: RideStatus;
  cancelReason: string | null;
  priceLockedAt: Date | null;
  /** The organiser's own name (users.name); null shows {@link ANONYMOUS_ORGANISER}. */
  organiserName: string | null;
  /** A vendor took the ride. */
  driverAssigned: boolean;
}

/** What the message tells: the ride as it is, or that it is over (departed, or deleted). */
export type AnnouncementState =
  { kind: 'ride'; ride: AnnouncedRide; now: Date } | { kind: 'over'; ride: AnnouncedRide | null; title: string | null };

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  color: number;
  fields?: { name: string; value: string; inline?: boolean }[];
}

/** The JSON body of a webhook's POST or PATCH. */
export interface DiscordMessage {
  content: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: [] };
}

/** The embed's title: direction and Singapore date and time (no member text in it). */
export function announcementTitle(ride: Pick<AnnouncedRide, 'direction' | 'date'>): string {
  return `${directionLabel(ride.direction)} · ${formatRideDate(ride.date)}`;
}

/** A ride's page, from the public address (`PUBLIC_URL`). */
export function ridePageUrl(publicUrl: string, rideId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/rides/${String(rideId)}`;
}

/** The first line of a cancel reason, escaped. */
function firstLine(reason: string | null): string {
  const line = (reason ?? '').split(/\r?\n/).find((part) => part.trim() !== '') ?? '';
  return escapeDiscordText(line, 200);
}

function rideFields(ride: AnnouncedRide): NonNullable<DiscordEmbed['fields']> {
  const seatsLeft = Math.max(0, ride.maxPassengers - ride.currentPassengers);
  const price = formatSgd(perPersonIfFull(ride));
  const fields = [
    { name: 'Pick-up', value: escapeDiscordText(ride.pickupLocation, 200) || '-', inline: false },
    {
      name: 'Seats left',
      value: seatsLeft === 0 ? 'Full' : `${String(seatsLeft)} of ${String(ride.maxPassengers)}`,
      inline: true,
    },
    {
      name: 'Price per person if full',
      value: ride.priceLockedAt ? `${price} (price locked)` : price,
      inline: true,
    },
    {
      name: 'Organizer',
      value: ride.organiserName?.trim() ? escapeDiscordText(ride.organiserName, 80) : ANONYMOUS_ORGANISER,
      inline: true,
    },
  ];
  if (ride.driverAssigned) fields.push({ name: 'Driver', value: 'Assigned', inline: true });
  return fields;
}

/**
 * The message for a ride's announcement. An open ride shows its seats and price; a cancelled one
 * says "Cancelled" with the first line of the reason; a ride that departed or was deleted is marked
 * over (its last title kept). Every message carries `allowed_mentions: {parse: []}`.
 */
export function announcementMessage(state: AnnouncementState, publicUrl: string): DiscordMessage {
  let embed: DiscordEmbed;
  if (state.kind === 'over') {
    const title = state.ride ? announcementTitle(state.ride) : (state.title ?? 'Ride');
    embed = {
      title: `Over: ${title}`,
      description: state.ride ? 'This ride has left.' : 'This ride is no longer offered.',
      color: COLOURS.ended,
    };
  } else {
    const { ride } = state;
    const url = ridePageUrl(publicUrl, ride.id);
    if (ride.status === 'cancelled') {
      const reason = firstLine(ride.cancelReason);
      embed = {
        title: `Cancelled: ${announcementTitle(ride)}`,
        url,
        description: reason ? `Cancelled: ${reason}` : 'Cancelled',
        color: COLOURS.ended,
      };
    } else if (ride.status === 'completed' || ride.date.getTime() <= state.now.getTime()) {
      embed = { title: `Over: ${announcementTitle(ride)}`, description: 'This ride has left.', color: COLOURS.ended };
    } else {
      const full = ride.currentPassengers >= ride.maxPassengers;
      embed = {
        title: announcementTitle(ride),
        url,
        description: full ? `Full. [Open the ride](${url})` : `[Join the ride](${url})`,
        color: full ? COLOURS.full : COLOURS.open,
        fields: rideFields(ride),
      };
    }
  }
  return { content: '', embeds: [embed], allowed_mentions: { parse: [] } };
}
