import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  RIDE_AUDIENCES,
  visibleCreator,
  visibleCreatorName,
  visibleDropoffLocations,
  type RideAudience,
} from './visibility';

describe('audienceOf', () => {
  it('is member for a signed-in caller and public otherwise', () => {
    expect(RIDE_AUDIENCES).toEqual(['public', 'member']);
    expect(audienceOf({ id: 1 })).toBe('member');
    expect(audienceOf(null)).toBe('public');
    expect(audienceOf(undefined)).toBe('public');
  });
});

describe('visibleCreatorName', () => {
  it.each<[string, { name?: string | null; discordUsername?: string | null } | null, RideAudience, string | null]>([
    ['a name, to members', { name: 'Alice Tan', discordUsername: 'alice#1' }, 'member', 'Alice Tan'],
    ['a name, to the public', { name: 'Alice Tan', discordUsername: 'alice#1' }, 'public', 'Alice Tan'],
    ['no name, to members: the Discord username', { name: null, discordUsername: 'alice#1' }, 'member', 'alice#1'],
    ['no name, to the public: nothing', { name: null, discordUsername: 'alice#1' }, 'public', null],
    ['a blank name, to members', { name: '   ', discordUsername: 'alice#1' }, 'member', 'alice#1'],
    ['a blank name, to the public', { name: ' \t ', discordUsername: 'alice#1' }, 'public', null],
    ['a padded name is trimmed', { name: '  Alice  ', discordUsername: 'alice#1' }, 'public', 'Alice'],
    ['an organiser who no longer exists', null, 'member', null],
  ])('%s', (_label, creator, audience, expected) => {
    expect(visibleCreatorName(creator, audience)).toBe(expected);
  });
});

describe('visibleCreator', () => {
  const creator = {
    id: 3,
    name: 'Alice',
    discordUsername: 'alice#1',
    whatsappNumber: '+6591234567',
    malaysianNumber: '+60123456789',
  };

  it('gives members everything', () => {
    expect(visibleCreator(creator, 'member')).toEqual(creator);
  });

  it('gives the public the name only', () => {
    expect(visibleCreator(creator, 'public')).toEqual({
      id: 3,
      name: 'Alice',
      discordUsername: null,
      whatsappNumber: null,
      malaysianNumber: null,
    });
    // The input is not changed.
    expect(creator.discordUsername).toBe('alice#1');
  });
});

describe('visibleDropoffLocations', () => {
  const organizer = { location: 'Pasir Ris MRT', passengerCount: 2 };
  const neighbour = { location: 'Blk 123 Tampines St 11 #04-56', passengerCount: 1 };

  it('gives members every entry', () => {
    const ride = { direction: 'FC->SG', pickupLocation: 'Forest City', dropoffLocations: [organizer, neighbour] };
    expect(visibleDropoffLocations(ride, 'member')).toEqual([organizer, neighbour]);
  });

  it("SG->FC, public: only the organiser's pick-up point", () => {
    const ride = { direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT', dropoffLocations: [organizer, neighbour] };
    expect(visibleDropoffLocations(ride, 'public')).toEqual([organizer]);
  });

  it("SG->FC, public: nothing when the first entry is not the organiser's (legacy rides)", () => {
    const ride = { direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT', dropoffLocations: [neighbour, organizer] };
    expect(visibleDropoffLocations(ride, 'public')).toEqual([]);
    expect(visibleDropoffLocations({ ...ride, dropoffLocations: [] }, 'public')).toEqual([]);
  });

  it("FC->SG, public: no drop-off at all, the organiser's neither", () => {
    const ride = {
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Forest City', passengerCount: 1 }, neighbour],
    };
    expect(visibleDropoffLocations(ride, 'public')).toEqual([]);
  });
});
