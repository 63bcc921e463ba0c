import { describe, expect, it } from 'vitest';

import {
  ANONYMOUS_ORGANISER,
  announcementMessage,
  escapeDiscordText,
  ridePageUrl,
  type AnnouncedRide,
} from './announcements';

const now = new Date('2026-12-07T00:00:00Z');

const ride: AnnouncedRide = {
  id: 42,
  direction: 'SG->FC',
  date: new Date('2026-12-11T23:30:00Z'),
  pickupLocation: 'Jurong East MRT',
  maxPassengers: 4,
  currentPassengers: 1,
  cost: 80,
  additionalStops: 0,
  stopPrice: 5,
  status: 'open',
  cancelReason: null,
  priceLockedAt: null,
  organiserName: 'Mei',
  driverAssigned: false,
};

const field = (message: ReturnType<typeof announcementMessage>, name: string) =>
  message.embeds[0]?.fields?.find((f) => f.name === name)?.value;

describe('escapeDiscordText', () => {
  it('escapes markdown so stars, underscores, links and quotes show as typed', () => {
    expect(escapeDiscordText('**bold** _it_ [x](http://a) > q')).toBe(
      '\\*\\*bold\\*\\* \\_it\\_ \\[x\\]\\(http://a\\) \\> q',
    );
  });

  it('breaks every mention: @everyone, @here, a role and a user ping nobody', () => {
    const escaped = escapeDiscordText('@everyone @here <@&123> <@456>');
    expect(escaped).not.toMatch(/@everyone|@here|<@[&\d]/);
    expect(escaped).toBe('@\u200beveryone @\u200bhere \\<@\u200b&123\\> \\<@\u200b456\\>');
  });

  it('keeps one line and cuts long text with an ellipsis', () => {
    expect(escapeDiscordText('a\n\n# b')).toBe('a \\# b');
    expect(escapeDiscordText('abcdefghij', 5)).toBe('abcd…');
  });
});

describe('announcementMessage', () => {
  it('shows direction, Singapore date and time, pick-up, seats, price if full, organiser and the link', () => {
    const message = announcementMessage({ kind: 'ride', ride, now }, 'https://rides.example.com/');
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.content).toBe('');
    const [embed] = message.embeds;
    expect(embed?.title).toBe('Singapore to Forest City · Sat, 12 Dec 2026, 7:30 am');
    expect(embed?.url).toBe('https://rides.example.com/rides/42');
    expect(field(message, 'Pick-up')).toBe('Jurong East MRT');
    expect(field(message, 'Seats left')).toBe('3 of 4');
    expect(field(message, 'Price per person if full')).toBe('SGD 20');
    expect(field(message, 'Organizer')).toBe('Mei');
    expect(field(message, 'Driver')).toBeUndefined();
  });

  it('says Full, the locked price and an assigned driver', () => {
    const message = announcementMessage(
      { kind: 'ride', ride: { ...ride, currentPassengers: 4, priceLockedAt: now, driverAssigned: true }, now },
      'https://rides.example.com',
    );
    expect(field(message, 'Seats left')).toBe('Full');
    expect(field(message, 'Price per person if full')).toBe('SGD 20 (price locked)');
    expect(field(message, 'Driver')).toBe('Assigned');
  });

  it('escapes what members typed and never shows a Discord username in place of a missing name', () => {
    const message = announcementMessage(
      { kind: 'ride', ride: { ...ride, pickupLocation: '**Free** @everyone <@&99>', organiserName: null }, now },
      'https://rides.example.com',
    );
    const text = JSON.stringify(message);
    expect(text).not.toContain('@everyone');
    expect(text).not.toContain('<@&');
    expect(field(message, 'Pick-up')).toBe('\\*\\*Free\\*\\* @\u200beveryone \\<@\u200b&99\\>');
    expect(field(message, 'Organizer')).toBe(ANONYMOUS_ORGANISER);
  });

  it('says Cancelled with the first line of the reason, escaped', () => {
    const message = announcementMessage(
      { kind: 'ride', ride: { ...ride, status: 'cancelled', cancelReason: '\nCar broke @here\nsecond line' }, now },
      'https://rides.example.com',
    );
    expect(message.embeds[0]?.title).toMatch(/^Cancelled: Singapore to Forest City/);
    expect(message.embeds[0]?.description).toBe('Cancelled: Car broke @\u200bhere');
    expect(message.embeds[0]?.fields).toBeUndefined();
  });

  it('marks a departed or deleted ride over, keeping the last title', () => {
    const departed = announcementMessage({ kind: 'ride', ride, now: new Date('2026-12-12T00:00:00Z') }, 'https://x');
    expect(departed.embeds[0]?.title).toMatch(/^Over: /);
    const deleted = announcementMessage({ kind: 'over', ride: null, title: 'Old title' }, 'https://x');
    expect(deleted.embeds[0]).toMatchObject({
      title: 'Over: Old title',
      description: 'This ride is no longer offered.',
    });
    expect(deleted.allowed_mentions).toEqual({ parse: [] });
  });

  it('links the ride page under the public address', () => {
    expect(ridePageUrl('http://127.0.0.1:3000//', 7)).toBe('http://127.0.0.1:3000/rides/7');
  });
});
