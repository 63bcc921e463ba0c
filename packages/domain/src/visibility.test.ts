import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  RIDE_AUDIENCES,
  seesRideContacts,
  visibleCreator,
  visibleCreatorName,
  visibleDriver,
  visibleDropoffLocations,
  visiblePassengerContacts,
  visibleRouteStops,
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

  it("gives the ride's party everything", () => {
    expect(visibleCreator(creator, 'member', true)).toEqual(creator);
  });

  it('gives other members the Discord username but no numbers', () => {
    expect(visibleCreator(creator, 'member', false)).toEqual({
      ...creator,
      whatsappNumber: null,
      malaysianNumber: null,
    });
  });

  it('gives the public the name only', () => {
    expect(visibleCreator(creator, 'public', true)).toEqual({
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

describe('visibleRouteStops', () => {
  const entries = [
    { id: 1, dropoffSequence: 2, dropoffLocation: 'Pasir Ris MRT', passengerCount: 2 },
    { id: 2, dropoffSequence: 1, dropoffLocation: 'Blk 123 Tampines St 11 #04-56', passengerCount: 1 },
  ];

  it('gives members every stop in route order', () => {
    expect(visibleRouteStops(entries, 'member')).toEqual([
      { stop: 1, location: 'Blk 123 Tampines St 11 #04-56', passengerCount: 1 },
      { stop: 2, location: 'Pasir Ris MRT', passengerCount: 2 },
    ]);
  });

  it('gives the public none', () => {
    expect(visibleRouteStops(entries, 'public')).toBeNull();
  });
});

describe('seesRideContacts', () => {
  const ride = { creatorId: 3, vendorId: 4 };
  it.each([
    ['the organiser', 3, false, true],
    ['the assigned vendor', 4, false, true],
    ['a passenger', 7, true, true],
    ['another member', 7, false, false],
    ['a visitor', null, false, false],
  ])('%s -> %s', (_label, viewerId, viewerIsPassenger, expected) => {
    expect(seesRideContacts({ ...ride, viewerId, viewerIsPassenger })).toBe(expected);
  });

  it('gives nobody vendor rights on a ride without a vendor', () => {
    expect(seesRideContacts({ creatorId: 3, vendorId: null, viewerId: 7, viewerIsPassenger: false })).toBe(false);
  });
});

describe('visiblePassengerContacts', () => {
  const user = {
    id: 7,
    name: 'Bo',
    whatsappNumber: '+6590000000',
    malaysianNumber: '+60120000000',
    revolutUsername: 'bo',
  };
  it('keeps the numbers for the party and hides them from others', () => {
    expect(visiblePassengerContacts(user, true)).toEqual(user);
    expect(visiblePassengerContacts(user, false)).toEqual({
      id: 7,
      name: 'Bo',
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
    });
  });
});

describe('visibleDriver', () => {
  const vendor = { companyName: 'Acme', driverDetails: { name: 'Tan', contact: '+6591234567', carNumber: 'SGX1234A' } };
  it('is the driver card for the party', () => {
    expect(visibleDriver(vendor, true)).toEqual({
      companyName: 'Acme',
      driverName: 'Tan',
      driverContact: '+6591234567',
      carNumber: 'SGX1234A',
    });
  });

  it('is null for everyone else, and when no vendor is assigned', () => {
    expect(visibleDriver(vendor, false)).toBeNull();
    expect(visibleDriver(null, true)).toBeNull();
  });

  it('leaves missing legacy details null', () => {
    expect(visibleDriver({ companyName: null, driverDetails: null }, true)).toEqual({
      companyName: null,
      driverName: null,
      driverContact: null,
      carNumber: null,
    });
  });
});
