import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cancelRideFormSchema,
  cancelRideInput,
  adminResetFormSchema,
  adminResetInput,
  changePasswordFormSchema,
  changePasswordInput,
  completeResetFormSchema,
  completeResetInput,
  DISCORD_USERNAME_RULE,
  idParam,
  isSafeText,
  joinFormSchema,
  joinRideInput,
  loginInput,
  markNotificationsReadInput,
  notificationListInput,
  profileUpdateInput,
  registerFormSchema,
  registerFormToInput,
  registerInput,
  rideFormSchema,
  ridePayloadInput,
  sequenceInput,
  unsafeTextMessage,
} from './schemas';

/** The issues of a failed parse as [path, message] pairs, in the order zod reports them. */
function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

const long = (length: number) => 'x'.repeat(length);

describe('registerInput', () => {
  const valid = { discordUsername: 'alice', password: 'secret123' };

  it.each([
    [
      'nothing',
      {},
      [
        ['discordUsername', 'Discord username is required'],
        ['password', 'Password is required'],
      ],
    ],
    [
      'blank username, empty password',
      { discordUsername: '   ', password: '' },
      [
        ['discordUsername', 'Discord username is required'],
        ['password', 'Password is required'],
      ],
    ],
    ['short password', { ...valid, password: 'abc' }, [['password', 'Password must be at least 8 characters long']]],
    ['7 characters', { ...valid, password: '1234567' }, [['password', 'Password must be at least 8 characters long']]],
    ['username too long', { ...valid, discordUsername: long(33) }, [['discordUsername', DISCORD_USERNAME_RULE]]],
    ['password too long', { ...valid, password: long(257) }, [['password', 'Password must be at most 256 characters']]],
    [
      'phone too long',
      { ...valid, whatsappNumber: long(33) },
      [['whatsappNumber', 'WhatsApp number must be at most 32 characters']],
    ],
    [
      'vendor without any vendor fields, in the spec order',
      { ...valid, isVendor: true },
      [
        ['companyName', 'Company name is required for vendors'],
        ['driverDetails.name', 'Driver name is required for vendors'],
        ['driverDetails.contact', 'Driver contact is required for vendors'],
        ['driverDetails.carNumber', 'Car number is required for vendors'],
      ],
    ],
    [
      'vendor with blanks and one field given',
      { ...valid, isVendor: true, companyName: '  ', driverDetails: { name: 'Tan', contact: '', carNumber: ' ' } },
      [
        ['companyName', 'Company name is required for vendors'],
        ['driverDetails.contact', 'Driver contact is required for vendors'],
        ['driverDetails.carNumber', 'Car number is required for vendors'],
      ],
    ],
    [
      'vendor fields still reported when the username is missing',
      { password: 'secret123', isVendor: true, companyName: 'Acme', driverDetails: { name: 'Tan', contact: '+65 1' } },
      [
        ['discordUsername', 'Discord username is required'],
        ['driverDetails.carNumber', 'Car number is required for vendors'],
      ],
    ],
  ])('%s', (_label, value, expected) => {
    expect(issues(registerInput, value)).toEqual(expected);
  });

  it('trims, turns blank optional fields into null and defaults isVendor to false', () => {
    expect(
      parsed(registerInput, {
        discordUsername: ' alice ',
        password: ' secret123 ',
        name: '  ',
        whatsappNumber: ' +65 9123 4567 ',
      }),
    ).toEqual({
      discordUsername: 'alice',
      password: ' secret123 ',
      name: null,
      whatsappNumber: '+65 9123 4567',
      malaysianNumber: null,
      revolutUsername: null,
      isVendor: false,
      companyName: null,
      driverDetails: null,
      permit: null,
      vehicleSeats: null,
    });
  });

  it('keeps a complete vendor registration, trimmed', () => {
    const data = parsed(registerInput, {
      ...valid,
      isVendor: true,
      companyName: ' Acme Transport ',
      driverDetails: { name: 'Tan', contact: '+6591234567', carNumber: ' SGX1234A ' },
    });
    expect(data.companyName).toBe('Acme Transport');
    expect(data.driverDetails).toEqual({ name: 'Tan', contact: '+6591234567', carNumber: 'SGX1234A' });
  });

  it('drops vendor fields sent by a non-vendor', () => {
    const data = parsed(registerInput, {
      ...valid,
      companyName: 'Acme',
      driverDetails: { name: 'Tan', contact: '1', carNumber: '2' },
    });
    expect(data.companyName).toBeNull();
    expect(data.driverDetails).toBeNull();
  });
});

describe('registerFormSchema', () => {
  const valid = { discordUsername: 'alice', password: 'secret123', isVendor: false };

  it.each([
    [
      'empty form',
      { discordUsername: '', password: '', isVendor: false },
      [
        ['discordUsername', 'Discord username is required'],
        ['password', 'Password is required'],
      ],
    ],
    ['short password', { ...valid, password: 'short' }, [['password', 'Password must be at least 8 characters long']]],
    [
      'vendor with empty vendor fields',
      { ...valid, isVendor: true, companyName: '', driverName: '', driverContact: '', carNumber: '' },
      [
        ['companyName', 'Company name is required for vendors'],
        ['driverName', 'Driver name is required for vendors'],
        ['driverContact', 'Driver contact is required for vendors'],
        ['carNumber', 'Car number is required for vendors'],
      ],
    ],
    [
      'vendor missing only the car number',
      { ...valid, isVendor: true, companyName: 'A', driverName: 'B', driverContact: 'C' },
      [['carNumber', 'Car number is required for vendors']],
    ],
    ['non-vendor may leave vendor fields empty', { ...valid, companyName: '', driverName: '' }, []],
  ])('%s', (_label, value, expected) => {
    expect(issues(registerFormSchema, value)).toEqual(expected);
  });
});

describe('registerFormToInput', () => {
  it('nests the driver fields for vendors and the result passes registerInput', () => {
    const input = registerFormToInput({
      discordUsername: 'bob',
      password: 'secret123',
      name: '',
      whatsappNumber: '+65 9123 4567',
      isVendor: true,
      companyName: 'Acme',
      driverName: 'Tan',
      driverContact: '+6591234567',
      carNumber: 'SGX1234A',
    });
    expect(input.driverDetails).toEqual({ name: 'Tan', contact: '+6591234567', carNumber: 'SGX1234A' });
    expect(parsed(registerInput, input)).toMatchObject({
      name: null,
      whatsappNumber: '+65 9123 4567',
      isVendor: true,
      companyName: 'Acme',
      driverDetails: { name: 'Tan', contact: '+6591234567', carNumber: 'SGX1234A' },
    });
  });

  it('leaves vendor fields out for non-vendors', () => {
    const input = registerFormToInput({
      discordUsername: 'bob',
      password: 'secret123',
      isVendor: false,
      companyName: 'Acme',
      driverName: 'Tan',
    });
    expect(input).toMatchObject({ isVendor: false, companyName: null, driverDetails: null });
  });

  it('an incomplete vendor form still fails on the nested paths', () => {
    const input = registerFormToInput({
      discordUsername: 'bob',
      password: 'secret123',
      isVendor: true,
      companyName: 'Acme',
    });
    expect(issues(registerInput, input).map(([path]) => path)).toEqual([
      'driverDetails.name',
      'driverDetails.contact',
      'driverDetails.carNumber',
    ]);
  });
});

describe('loginInput', () => {
  it.each([
    [
      'nothing',
      {},
      [
        ['discordUsername', 'Discord username is required'],
        ['password', 'Password is required'],
      ],
    ],
    [
      'empty strings',
      { discordUsername: '', password: '' },
      [
        ['discordUsername', 'Discord username is required'],
        ['password', 'Password is required'],
      ],
    ],
    ['a short password is fine for logging in', { discordUsername: 'a', password: 'x' }, []],
  ])('%s', (_label, value, expected) => {
    expect(issues(loginInput, value)).toEqual(expected);
  });
});

describe('changePasswordInput / changePasswordFormSchema', () => {
  it.each([
    [
      'both empty',
      { currentPassword: '', newPassword: '' },
      [
        ['currentPassword', 'Please enter your current password'],
        ['newPassword', 'Please enter a new password'],
      ],
    ],
    [
      'new too short',
      { currentPassword: 'old', newPassword: 'abc' },
      [['newPassword', 'New password must be at least 8 characters long']],
    ],
    ['fine', { currentPassword: 'old', newPassword: 'abcdefgh' }, []],
  ])('input: %s', (_label, value, expected) => {
    expect(issues(changePasswordInput, value)).toEqual(expected);
  });

  it.each([
    [
      'confirmation differs',
      { currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' },
      [['confirmPassword', 'New passwords do not match']],
    ],
    [
      'mismatch reported next to other errors',
      { currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' },
      [
        ['currentPassword', 'Please enter your current password'],
        ['newPassword', 'New password must be at least 8 characters long'],
        ['confirmPassword', 'New passwords do not match'],
      ],
    ],
    ['matching', { currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, []],
  ])('form: %s', (_label, value, expected) => {
    expect(issues(changePasswordFormSchema, value)).toEqual(expected);
  });
});

describe('adminResetInput / adminResetFormSchema', () => {
  it.each([
    [
      'empty',
      { discordUsername: ' ', newPassword: '' },
      [
        ['discordUsername', "Please enter the user's Discord username"],
        ['newPassword', 'Please enter a new password'],
      ],
    ],
    [
      'short',
      { discordUsername: 'bob', newPassword: '1234' },
      [['newPassword', 'New password must be at least 8 characters long']],
    ],
    ['fine', { discordUsername: 'bob', newPassword: '12345678' }, []],
  ])('input: %s', (_label, value, expected) => {
    expect(issues(adminResetInput, value)).toEqual(expected);
  });

  it.each([
    [
      'mismatch',
      { discordUsername: 'bob', newPassword: '12345678', confirmPassword: '12345679' },
      [['confirmPassword', 'New passwords do not match']],
    ],
    ['match', { discordUsername: 'bob', newPassword: '12345678', confirmPassword: '12345678' }, []],
  ])('form: %s', (_label, value, expected) => {
    expect(issues(adminResetFormSchema, value)).toEqual(expected);
  });
});

describe('completeResetInput', () => {
  it.each([
    [
      'empty',
      { discordUsername: '', code: '', newPassword: '' },
      [
        ['discordUsername', 'Discord username is required'],
        ['code', 'Reset code is required'],
        ['newPassword', 'Please enter a new password'],
      ],
    ],
    [
      'short code',
      { discordUsername: 'bob', code: '12345', newPassword: '12345678' },
      [['code', 'Reset code must be at least 6 characters']],
    ],
    [
      'long code',
      { discordUsername: 'bob', code: long(65), newPassword: '12345678' },
      [['code', 'Reset code must be at most 64 characters']],
    ],
    ['fine', { discordUsername: 'bob', code: ' 123456 ', newPassword: '12345678' }, []],
  ])('%s', (_label, value, expected) => {
    expect(issues(completeResetInput, value)).toEqual(expected);
  });
});

describe('completeResetFormSchema', () => {
  it.each([
    [
      'empty',
      { discordUsername: '', code: '', newPassword: '', confirmPassword: '' },
      [
        ['discordUsername', 'Discord username is required'],
        ['code', 'Reset code is required'],
        ['newPassword', 'Please enter a new password'],
      ],
    ],
    [
      'short password, mismatch reported next to it',
      { discordUsername: 'bob', code: 'ABCDEFGHJKMN', newPassword: 'abc', confirmPassword: 'abd' },
      [
        ['newPassword', 'New password must be at least 8 characters long'],
        ['confirmPassword', 'New passwords do not match'],
      ],
    ],
    [
      'confirmation differs',
      { discordUsername: 'bob', code: 'ABCDEFGHJKMN', newPassword: '12345678', confirmPassword: '12345679' },
      [['confirmPassword', 'New passwords do not match']],
    ],
    [
      'confirmation missing',
      { discordUsername: 'bob', code: 'ABCDEFGHJKMN', newPassword: '12345678' },
      [['confirmPassword', 'New passwords do not match']],
    ],
    [
      'matching',
      { discordUsername: 'bob', code: 'ABCDEFGHJKMN', newPassword: '12345678', confirmPassword: '12345678' },
      [],
    ],
  ])('%s', (_label, value, expected) => {
    expect(issues(completeResetFormSchema, value)).toEqual(expected);
  });

  it('keeps the request fields the API reads, trimmed', () => {
    expect(
      parsed(completeResetFormSchema, {
        discordUsername: ' bob ',
        code: ' abcd-efgh ',
        newPassword: '12345678',
        confirmPassword: '12345678',
      }),
    ).toEqual({ discordUsername: 'bob', code: 'abcd-efgh', newPassword: '12345678', confirmPassword: '12345678' });
  });
});

describe('profileUpdateInput', () => {
  it('trims, clears blanks to null, leaves missing fields undefined and drops unknown keys', () => {
    expect(
      parsed(profileUpdateInput, {
        name: '  Alice ',
        whatsappNumber: '  ',
        malaysianNumber: null,
        isVendor: true,
        password: 'x',
      }),
    ).toEqual({
      name: 'Alice',
      whatsappNumber: null,
      malaysianNumber: null,
    });
  });

  it.each([
    ['name', { name: long(101) }, 'Name must be at most 100 characters'],
    ['whatsappNumber', { whatsappNumber: long(33) }, 'WhatsApp number must be at most 32 characters'],
    ['revolutUsername', { revolutUsername: 42 }, 'Revolut username must be text'],
  ])('refuses a bad %s', (path, value, message) => {
    expect(issues(profileUpdateInput, value)).toEqual([[path, message]]);
  });
});

describe('ridePayloadInput', () => {
  const valid = {
    direction: 'FC->SG',
    maxPassengers: 4,
    date: '2026-11-21T07:30:00.000Z',
    organizerPassengerCount: 2,
    pickupLocation: 'Forest City',
    dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
  };

  it('parses a payload: date becomes a Date, strings become entries, text trimmed', () => {
    const data = parsed(ridePayloadInput, {
      ...valid,
      pickupLocation: ' Forest City ',
      dropoffLocations: [' Bedok ', { location: 'Jurong', passengerCount: 3 }],
    });
    expect(data.date).toEqual(new Date('2026-11-21T07:30:00.000Z'));
    expect(data.pickupLocation).toBe('Forest City');
    expect(data.dropoffLocations).toEqual([
      { location: 'Bedok', passengerCount: 1 },
      { location: 'Jurong', passengerCount: 3 },
    ]);
  });

  it.each([
    ['organizer count defaults to 1', { ...valid, organizerPassengerCount: undefined }, 'organizerPassengerCount', 1],
    [
      'entry count defaults to 1',
      { ...valid, dropoffLocations: [{ location: 'Bedok' }] },
      'dropoffLocations',
      [{ location: 'Bedok', passengerCount: 1 }],
    ],
    [
      'a Date is accepted',
      { ...valid, date: new Date('2026-11-21T07:30:00Z') },
      'date',
      new Date('2026-11-21T07:30:00Z'),
    ],
    [
      'a picker value is Singapore time',
      { ...valid, date: '2026-11-21T15:30' },
      'date',
      new Date('2026-11-21T07:30:00Z'),
    ],
    ['driverContactId is optional', { ...valid, driverContactId: 3 }, 'driverContactId', 3],
    ['driverContactId may be null', { ...valid, driverContactId: null }, 'driverContactId', null],
    ['cost is optional', valid, 'cost', undefined],
    ['stopPrice is optional', valid, 'stopPrice', undefined],
    ['the lowest cost', { ...valid, cost: 1 }, 'cost', 1],
    ['the highest cost', { ...valid, cost: 1000 }, 'cost', 1000],
    ['free stops', { ...valid, stopPrice: 0 }, 'stopPrice', 0],
    ['the highest stop price', { ...valid, stopPrice: 100 }, 'stopPrice', 100],
  ])('%s', (_label, value, key, expected) => {
    expect((parsed(ridePayloadInput, value) as Record<string, unknown>)[key]).toEqual(expected);
  });

  it.each([
    ['unknown direction', { direction: 'SG->KL' }, 'direction', 'Direction must be SG->FC or FC->SG'],
    ['max 0', { maxPassengers: 0 }, 'maxPassengers', 'Maximum passengers must be a whole number from 1 to 10'],
    ['max 11', { maxPassengers: 11 }, 'maxPassengers', 'Maximum passengers must be a whole number from 1 to 10'],
    [
      'max fractional',
      { maxPassengers: 2.5 },
      'maxPassengers',
      'Maximum passengers must be a whole number from 1 to 10',
    ],
    ['max as text', { maxPassengers: '4' }, 'maxPassengers', 'Maximum passengers must be a whole number from 1 to 10'],
    ['bad date text', { date: 'next week' }, 'date', 'Invalid date provided'],
    ['impossible picker date', { date: '2026-02-30T10:00' }, 'date', 'Invalid date provided'],
    ['invalid Date', { date: new Date(Number.NaN) }, 'date', 'Invalid date provided'],
    ['date of the wrong type', { date: 12 }, 'date', 'Invalid date provided'],
    [
      'organizer count 0',
      { organizerPassengerCount: 0 },
      'organizerPassengerCount',
      'Passengers at your location must be a whole number from 1 to 10',
    ],
    [
      'organizer count above max',
      { organizerPassengerCount: 5 },
      'organizerPassengerCount',
      'Passengers at your location cannot be more than the maximum passengers',
    ],
    ['blank pickup', { pickupLocation: '  ' }, 'pickupLocation', 'Pickup location is required'],
    [
      'pickup too long',
      { pickupLocation: long(501) },
      'pickupLocation',
      'Pickup location must be at most 500 characters',
    ],
    ['no drop-offs', { dropoffLocations: [] }, 'dropoffLocations', 'At least one drop-off location is required'],
    [
      'eleven drop-offs',
      { dropoffLocations: Array.from({ length: 11 }, (_, i) => `Stop ${i}`) },
      'dropoffLocations',
      'At most 10 drop-off locations are allowed',
    ],
    ['drop-offs not a list', { dropoffLocations: 'Bedok' }, 'dropoffLocations', 'Drop-off locations must be a list'],
    ['blank string drop-off', { dropoffLocations: ['  '] }, 'dropoffLocations.0', 'Location is required'],
    [
      'blank object drop-off',
      { dropoffLocations: [{ location: '', passengerCount: 1 }] },
      'dropoffLocations.0.location',
      'Location is required',
    ],
    [
      'drop-off too long',
      { dropoffLocations: [long(501)] },
      'dropoffLocations.0',
      'Location must be at most 500 characters',
    ],
    [
      'drop-off count 11',
      { dropoffLocations: [{ location: 'Bedok', passengerCount: 11 }] },
      'dropoffLocations.0.passengerCount',
      'Passenger count must be a whole number from 1 to 10',
    ],
    [
      'drop-off of the wrong type',
      { dropoffLocations: [7] },
      'dropoffLocations.0',
      'Each drop-off location must be a text or a location with a passenger count',
    ],
    [
      'driverContactId 0',
      { driverContactId: 0 },
      'driverContactId',
      'Driver contact id must be a positive whole number',
    ],
    ['cost 0', { cost: 0 }, 'cost', 'Cost must be a whole number from 1 to 1000 SGD'],
    ['cost 1001', { cost: 1001 }, 'cost', 'Cost must be a whole number from 1 to 1000 SGD'],
    ['fractional cost', { cost: 80.5 }, 'cost', 'Cost must be a whole number from 1 to 1000 SGD'],
    ['cost as text', { cost: '80' }, 'cost', 'Cost must be a whole number from 1 to 1000 SGD'],
    ['null cost', { cost: null }, 'cost', 'Cost must be a whole number from 1 to 1000 SGD'],
    [
      'negative stop price',
      { stopPrice: -1 },
      'stopPrice',
      'Price per additional stop must be a whole number from 0 to 100 SGD',
    ],
    [
      'stop price 101',
      { stopPrice: 101 },
      'stopPrice',
      'Price per additional stop must be a whole number from 0 to 100 SGD',
    ],
    [
      'fractional stop price',
      { stopPrice: 2.5 },
      'stopPrice',
      'Price per additional stop must be a whole number from 0 to 100 SGD',
    ],
    [
      'stop price as text',
      { stopPrice: '5' },
      'stopPrice',
      'Price per additional stop must be a whole number from 0 to 100 SGD',
    ],
  ])('refuses %s', (_label, override, path, message) => {
    expect(issues(ridePayloadInput, { ...valid, ...override })[0]).toEqual([path, message]);
  });
});

describe('rideFormSchema', () => {
  const valid = {
    direction: 'SG->FC',
    date: '2026-11-21T15:30',
    maxPassengers: 5,
    organizerLocation: 'Pasir Ris MRT',
    organizerPassengerCount: 1,
    cost: '80',
    stopPrice: '5',
  };

  it.each([
    ['a valid form', valid, []],
    ['free stops', { ...valid, stopPrice: '0' }, []],
    ['cost cleared', { ...valid, cost: '' }, [['cost', 'Cost must be a whole number from 1 to 1000 SGD']]],
    ['cost 1001', { ...valid, cost: '1001' }, [['cost', 'Cost must be a whole number from 1 to 1000 SGD']]],
    ['fractional cost', { ...valid, cost: '79.5' }, [['cost', 'Cost must be a whole number from 1 to 1000 SGD']]],
    [
      'stop price cleared',
      { ...valid, stopPrice: '' },
      [['stopPrice', 'Price per additional stop must be a whole number from 0 to 100 SGD']],
    ],
    [
      'stop price 101',
      { ...valid, stopPrice: '101' },
      [['stopPrice', 'Price per additional stop must be a whole number from 0 to 100 SGD']],
    ],
    ['numbers as text', { ...valid, maxPassengers: '4', organizerPassengerCount: '4' }, []],
    ['blank location', { ...valid, organizerLocation: '   ' }, [['organizerLocation', 'Please specify your location']]],
    [
      'missing location',
      { ...valid, organizerLocation: undefined },
      [['organizerLocation', 'Please specify your location']],
    ],
    ['empty date', { ...valid, date: '' }, [['date', 'Date and time is required']]],
    ['unparseable date', { ...valid, date: '2026-02-30T10:00' }, [['date', 'Invalid date provided']]],
    [
      'max cleared',
      { ...valid, maxPassengers: '' },
      [['maxPassengers', 'Maximum passengers must be a whole number from 1 to 10']],
    ],
    [
      'max 11',
      { ...valid, maxPassengers: 11 },
      [['maxPassengers', 'Maximum passengers must be a whole number from 1 to 10']],
    ],
    [
      'organiser count 0',
      { ...valid, organizerPassengerCount: 0 },
      [['organizerPassengerCount', 'Passengers at your location must be a whole number from 1 to 10']],
    ],
    [
      'organiser count above max',
      { ...valid, maxPassengers: 2, organizerPassengerCount: 3 },
      [['organizerPassengerCount', 'Passengers at your location cannot be more than the maximum passengers']],
    ],
  ])('%s', (_label, value, expected) => {
    expect(issues(rideFormSchema, value)).toEqual(expected);
  });
});

describe('joinRideInput', () => {
  it('trims the location and defaults the group to 1', () => {
    expect(parsed(joinRideInput, { rideId: 3, dropoffLocation: ' Bedok ' })).toEqual({
      rideId: 3,
      dropoffLocation: 'Bedok',
      passengerCount: 1,
    });
  });

  it.each([
    [
      'blank location',
      { rideId: 1, dropoffLocation: ' ', passengerCount: 1 },
      [['dropoffLocation', 'Drop-off location is required']],
    ],
    ['missing location', { rideId: 1, passengerCount: 1 }, [['dropoffLocation', 'Drop-off location is required']]],
    [
      'location too long',
      { rideId: 1, dropoffLocation: long(501) },
      [['dropoffLocation', 'Drop-off location must be at most 500 characters']],
    ],
    [
      'group of 0',
      { rideId: 1, dropoffLocation: 'Bedok', passengerCount: 0 },
      [['passengerCount', 'Must have at least 1 passenger']],
    ],
    [
      'group of 11',
      { rideId: 1, dropoffLocation: 'Bedok', passengerCount: 11 },
      [['passengerCount', 'Number must be less than or equal to 10']],
    ],
    [
      'fractional group',
      { rideId: 1, dropoffLocation: 'Bedok', passengerCount: 1.5 },
      [['passengerCount', 'Number of passengers must be a whole number']],
    ],
    ['bad ride id', { rideId: -1, dropoffLocation: 'Bedok' }, [['rideId', 'Invalid id']]],
  ])('%s', (_label, value, expected) => {
    expect(issues(joinRideInput, value)).toEqual(expected);
  });
});

describe('joinFormSchema', () => {
  it.each([
    ['within the seats left', 3, { dropoffLocation: 'Bedok', passengerCount: 3 }, []],
    ['text count', 3, { dropoffLocation: 'Bedok', passengerCount: '2' }, []],
    [
      'more than the seats left',
      2,
      { dropoffLocation: 'Bedok', passengerCount: 3 },
      [['passengerCount', 'Number must be less than or equal to 2']],
    ],
    [
      'zero',
      2,
      { dropoffLocation: 'Bedok', passengerCount: 0 },
      [['passengerCount', 'Must have at least 1 passenger']],
    ],
    [
      'cleared',
      2,
      { dropoffLocation: 'Bedok', passengerCount: '' },
      [['passengerCount', 'Must have at least 1 passenger']],
    ],
    [
      'never more than 10',
      15,
      { dropoffLocation: 'Bedok', passengerCount: 11 },
      [['passengerCount', 'Number must be less than or equal to 10']],
    ],
    [
      'blank location',
      2,
      { dropoffLocation: '', passengerCount: 1 },
      [['dropoffLocation', 'Drop-off location is required']],
    ],
    [
      'no seats left',
      0,
      { dropoffLocation: 'Bedok', passengerCount: 1 },
      [['passengerCount', 'Number must be less than or equal to 0']],
    ],
  ])('%s', (_label, remaining, value, expected) => {
    expect(issues(joinFormSchema(remaining), value)).toEqual(expected);
  });
});

describe('sequenceInput', () => {
  it.each([
    [{ sequence: 1 }, []],
    [{ sequence: 7 }, []],
    [{ sequence: 0 }, [['sequence', 'Sequence must be a whole number of at least 1']]],
    [{ sequence: 1.5 }, [['sequence', 'Sequence must be a whole number of at least 1']]],
    [{ sequence: '2' }, [['sequence', 'Sequence must be a whole number of at least 1']]],
    [{}, [['sequence', 'Sequence must be a whole number of at least 1']]],
  ])('%j', (value, expected) => {
    expect(issues(sequenceInput, value)).toEqual(expected);
  });
});

describe('idParam', () => {
  it.each([
    ['12', 12],
    ['2147483647', 2147483647],
    [3, 3],
  ])('reads %j as %s', (value, expected) => {
    expect(idParam.parse(value)).toBe(expected);
  });

  it.each([
    ['abc'],
    [''],
    ['0'],
    ['-4'],
    ['+10'],
    ['010'],
    ['0x10'],
    ['1e1'],
    ['10.0'],
    ['1.5'],
    [' 7 '],
    ['7\n'],
    ['１０'],
    [true],
    [null],
    [undefined],
    ['2147483648'],
    ['99999999999'],
  ])('refuses %j with Invalid id', (value) => {
    expect(issues(idParam, value)).toEqual([['', 'Invalid id']]);
  });
});

describe('isSafeText', () => {
  it.each([
    ['plain text', 'Blk 123 Tampines St 11, #04-56', true],
    ['accents, CJK, emoji and right-to-left script', 'Zoë 陈 🚗 مرحبا', true],
    ['a right-to-left mark', 'abc\u200Fdef', false],
    ['a zero-width space', 'ali\u200Bce', false],
    ['a zero-width non-joiner', 'a\u200Cb', false],
    ['a zero-width joiner', 'a\u200Db', false],
    ['a left-to-right mark', 'a\u200Eb', false],
    ['the Arabic letter mark', 'a\u061Cb', false],
    ['a line separator', 'Ann\u2028Tan', false],
    ['a paragraph separator', 'Ann\u2029Tan', false],
    ['a byte-order mark', '\uFEFFalice', false],
    ['a no-break space and an en dash (visible)', 'Blk\u00A0123 \u2013 Tampines', true],
    ['NUL', 'bob\u0000', false],
    ['escape (ANSI colours)', '\u001B[31mred', false],
    ['DEL', 'a\u007Fb', false],
    ['a C1 control (NEL)', 'a\u0085b', false],
    ['right-to-left override', 'invoice\u202Efdp.exe', false],
    ['left-to-right embedding', '\u202Aabc', false],
    ['pop directional formatting', 'abc\u202C', false],
    ['first-strong isolate', '\u2068abc', false],
    ['pop directional isolate', 'abc\u2069', false],
    ['a line feed in a single-line field', 'Ann\nTan', false],
    ['a tab in a single-line field', 'Ann\tTan', false],
  ])('%s → %s', (_label, text, expected) => {
    expect(isSafeText(text)).toBe(expected);
  });

  it.each([
    ['line feeds', 'Blk 123\nTampines St 11', true],
    ['CR LF', 'Blk 123\r\nTampines St 11', true],
    ['a tab', 'Blk 123\tTampines', true],
    ['NUL', 'Blk 123\u0000', false],
    ['vertical tab', 'Blk\u000B123', false],
    ['form feed', 'Blk\u000C123', false],
    ['an override', 'Blk\u202E123', false],
    ['a line separator (only CR and LF break lines)', 'Blk 123\u2028Tampines', false],
    ['a paragraph separator', 'Blk 123\u2029Tampines', false],
    ['a zero-width space', 'Blk\u200B123', false],
  ])('multi-line: %s → %s', (_label, text, expected) => {
    expect(isSafeText(text, { multiline: true })).toBe(expected);
  });
});

describe('every text field refuses control and text-direction characters, naming the field', () => {
  const ride = {
    direction: 'SG->FC',
    maxPassengers: 4,
    date: '2026-11-21T07:30:00.000Z',
    pickupLocation: 'Pasir Ris',
    dropoffLocations: ['Forest City'],
  };
  const register = { discordUsername: 'alice', password: 'secret123' };
  const vendor = {
    ...register,
    isVendor: true,
    companyName: 'Acme',
    driverDetails: { name: 'Tan', contact: '+6591234567', carNumber: 'SGX1234A' },
  };
  const vendorForm = {
    ...register,
    isVendor: true,
    companyName: 'Acme',
    driverName: 'Tan',
    driverContact: '+6591234567',
    carNumber: 'SGX1234A',
  };
  const rideForm = {
    direction: 'SG->FC',
    date: '2026-11-21T15:30',
    maxPassengers: 5,
    organizerPassengerCount: 1,
    cost: 80,
    stopPrice: 5,
  };
  const bad = (text: string) => `${text}\u0000`;
  const override = (text: string) => `\u202E${text}`;

  const cases: [string, z.ZodType, Record<string, unknown>, string, string][] = [
    ['register name', registerInput, { ...register, name: bad('Ann') }, 'name', 'Name'],
    [
      'register WhatsApp',
      registerInput,
      { ...register, whatsappNumber: bad('+65') },
      'whatsappNumber',
      'WhatsApp number',
    ],
    [
      'register Malaysian number',
      registerInput,
      { ...register, malaysianNumber: override('+60') },
      'malaysianNumber',
      'Malaysian phone number',
    ],
    [
      'register Revolut',
      registerInput,
      { ...register, revolutUsername: bad('ann') },
      'revolutUsername',
      'Revolut username',
    ],
    ['company name', registerInput, { ...vendor, companyName: bad('Acme') }, 'companyName', 'Company name'],
    [
      'driver name',
      registerInput,
      { ...vendor, driverDetails: { ...vendor.driverDetails, name: override('Tan') } },
      'driverDetails.name',
      'Driver name',
    ],
    [
      'driver contact',
      registerInput,
      { ...vendor, driverDetails: { ...vendor.driverDetails, contact: bad('+65') } },
      'driverDetails.contact',
      'Driver contact',
    ],
    [
      'car number',
      registerInput,
      { ...vendor, driverDetails: { ...vendor.driverDetails, carNumber: bad('SGX') } },
      'driverDetails.carNumber',
      'Car number',
    ],
    ['register form name', registerFormSchema, { ...vendorForm, name: bad('Ann') }, 'name', 'Name'],
    [
      'register form driver name',
      registerFormSchema,
      { ...vendorForm, driverName: bad('Tan') },
      'driverName',
      'Driver name',
    ],
    [
      'register form car number',
      registerFormSchema,
      { ...vendorForm, carNumber: override('SGX') },
      'carNumber',
      'Car number',
    ],
    ['profile name', profileUpdateInput, { name: bad('Ann') }, 'name', 'Name'],
    ['profile name override', profileUpdateInput, { name: override('Ann') }, 'name', 'Name'],
    ['profile WhatsApp', profileUpdateInput, { whatsappNumber: bad('+65') }, 'whatsappNumber', 'WhatsApp number'],
    [
      'log-in username',
      loginInput,
      { discordUsername: bad('alice'), password: 'x' },
      'discordUsername',
      'Discord username',
    ],
    [
      'log-in username override',
      loginInput,
      { discordUsername: override('alice'), password: 'x' },
      'discordUsername',
      'Discord username',
    ],
    [
      'reset code',
      completeResetInput,
      { discordUsername: 'bob', code: bad('ABCDEFGH'), newPassword: '12345678' },
      'code',
      'Reset code',
    ],
    [
      'pick-up location',
      ridePayloadInput,
      { ...ride, pickupLocation: bad('Pasir Ris') },
      'pickupLocation',
      'Pickup location',
    ],
    [
      'drop-off text',
      ridePayloadInput,
      { ...ride, dropoffLocations: [override('Bedok')] },
      'dropoffLocations.0',
      'Location',
    ],
    [
      'drop-off entry',
      ridePayloadInput,
      { ...ride, dropoffLocations: [{ location: bad('Bedok'), passengerCount: 1 }] },
      'dropoffLocations.0.location',
      'Location',
    ],
    [
      'join location',
      joinRideInput,
      { rideId: 1, dropoffLocation: bad('Bedok') },
      'dropoffLocation',
      'Drop-off location',
    ],
    [
      'join form location',
      joinFormSchema(4),
      { dropoffLocation: override('Bedok'), passengerCount: 1 },
      'dropoffLocation',
      'Drop-off location',
    ],
    [
      'ride form location',
      rideFormSchema,
      { ...rideForm, organizerLocation: bad('Bedok') },
      'organizerLocation',
      'Location',
    ],
  ];

  it.each(cases)('%s', (_label, schema, value, path, label) => {
    expect(issues(schema, value)).toEqual([[path, unsafeTextMessage(label)]]);
  });

  it('keeps line breaks and tabs in location boxes only', () => {
    expect(parsed(ridePayloadInput, { ...ride, pickupLocation: 'Blk 123\r\nPasir Ris\tSt 11 ' }).pickupLocation).toBe(
      'Blk 123\r\nPasir Ris\tSt 11',
    );
    expect(parsed(joinRideInput, { rideId: 1, dropoffLocation: 'Blk 9\nBedok' }).dropoffLocation).toBe('Blk 9\nBedok');
    expect(issues(rideFormSchema, { ...rideForm, organizerLocation: 'Blk 9\nBedok' })).toEqual([]);
    expect(issues(profileUpdateInput, { name: 'Ann\nTan' })).toEqual([['name', unsafeTextMessage('Name')]]);
  });

  it('leaves passwords alone: they are never shown or stored as text, so any character may be in one', () => {
    expect(issues(loginInput, { discordUsername: 'alice', password: 'pass\u0000\u202Eword' })).toEqual([]);
    expect(issues(registerInput, { discordUsername: 'alice', password: 'pass\tword\u0000' })).toEqual([]);
  });
});

describe('Discord usernames', () => {
  it.each([
    ['lower-case letters, digits, _ and .', 'alice_sg.2', 'alice_sg.2'],
    ['the shortest', 'ab', 'ab'],
    ['the longest', 'a'.repeat(32), 'a'.repeat(32)],
    ['upper case, stored lower-cased', ' Alice_SG ', 'alice_sg'],
  ])('register accepts %s', (_label, discordUsername, stored) => {
    expect(parsed(registerInput, { discordUsername, password: 'secret123' }).discordUsername).toBe(stored);
  });

  it.each([
    ['a hyphen and an exclamation mark', 'bad-name!'],
    ['one character', 'a'],
    ['33 characters', 'a'.repeat(33)],
    ['an old-style discriminator', 'alice#1234'],
    ['a space', 'alice tan'],
    ['an @', '@alice'],
    ['a letter outside a-z', 'zoë'],
    ['a NUL', 'alice\u0000'],
    ['a text-direction override', 'alice\u202E'],
  ])('register refuses %s with the rule', (_label, discordUsername) => {
    expect(issues(registerInput, { discordUsername, password: 'secret123' })).toEqual([
      ['discordUsername', DISCORD_USERNAME_RULE],
    ]);
    expect(issues(registerFormSchema, { discordUsername, password: 'secret123', isVendor: false })).toEqual([
      ['discordUsername', DISCORD_USERNAME_RULE],
    ]);
  });

  it('the admin tools and the reset flow apply the rule and compare lower-cased', () => {
    expect(issues(adminResetInput, { discordUsername: 'bad-name!', newPassword: '12345678' })).toEqual([
      ['discordUsername', DISCORD_USERNAME_RULE],
    ]);
    expect(
      issues(completeResetInput, { discordUsername: 'bad-name!', code: 'ABCDEFGH', newPassword: '12345678' }),
    ).toEqual([['discordUsername', DISCORD_USERNAME_RULE]]);
    expect(parsed(adminResetInput, { discordUsername: 'BOB_sg', newPassword: '12345678' }).discordUsername).toBe(
      'bob_sg',
    );
    expect(
      parsed(completeResetInput, { discordUsername: ' Bob ', code: 'ABCDEFGH', newPassword: '12345678' })
        .discordUsername,
    ).toBe('bob');
  });

  it('logging in looks any existing name up as typed, so accounts from before the rule still sign in', () => {
    for (const discordUsername of ['first-user', 'alice#1234', 'Alice Tan', 'a']) {
      expect(parsed(loginInput, { discordUsername, password: 'x' }).discordUsername).toBe(discordUsername);
    }
  });
});

describe('cancelRideInput / cancelRideFormSchema', () => {
  const messages = (result: z.ZodSafeParseResult<unknown>) =>
    result.success ? [] : result.error.issues.map((i) => i.message);

  it('accepts a reason of 1 to 300 characters, trimmed, line breaks kept', () => {
    expect(cancelRideInput.parse({ id: 4, reason: '  Car broke down  ' })).toEqual({ id: 4, reason: 'Car broke down' });
    expect(cancelRideInput.parse({ id: 4, reason: 'x' }).reason).toBe('x');
    expect(cancelRideInput.parse({ id: 4, reason: 'x'.repeat(300) }).reason).toHaveLength(300);
    expect(cancelRideFormSchema.parse({ reason: 'Flight moved\nSorry all' }).reason).toBe('Flight moved\nSorry all');
  });

  it.each([
    ['missing', undefined, 'Please give a reason for cancelling'],
    ['empty', '', 'Please give a reason for cancelling'],
    ['blank', '   ', 'Please give a reason for cancelling'],
    ['not text', 12, 'Please give a reason for cancelling'],
    ['301 characters', 'x'.repeat(301), 'Reason must be at most 300 characters'],
    [
      'a control character',
      'bad\u0007bell',
      'Reason contains characters that are not allowed (control or text-direction characters)',
    ],
    [
      'a text-direction override',
      'abc\u202Edef',
      'Reason contains characters that are not allowed (control or text-direction characters)',
    ],
  ])('refuses a reason that is %s', (_label, reason, message) => {
    expect(messages(cancelRideInput.safeParse({ id: 4, reason }))).toEqual([message]);
    expect(messages(cancelRideFormSchema.safeParse({ reason }))).toEqual([message]);
  });

  it('refuses a bad id', () => {
    expect(messages(cancelRideInput.safeParse({ id: 0, reason: 'ok' }))).toEqual(['Invalid id']);
  });
});

describe('notification inbox inputs', () => {
  it('pages from 1 with 20 a page by default', () => {
    expect(parsed(notificationListInput, undefined)).toEqual({ page: 1, pageSize: 20 });
    expect(parsed(notificationListInput, { page: 3, pageSize: 50 })).toEqual({ page: 3, pageSize: 50 });
  });

  it.each([
    ['page 0', { page: 0 }, 'page', 'Page must be a whole number of at least 1'],
    ['a fractional page', { page: 1.5 }, 'page', 'Page must be a whole number of at least 1'],
    ['a page as text', { page: '2' }, 'page', 'Page must be a whole number of at least 1'],
    ['page size 0', { pageSize: 0 }, 'pageSize', 'Page size must be a whole number from 1 to 50'],
    ['page size 51', { pageSize: 51 }, 'pageSize', 'Page size must be a whole number from 1 to 50'],
  ])('refuses %s, naming the field', (_label, value, field, message) => {
    expect(issues(notificationListInput, value)).toEqual([[field, message]]);
  });

  it('marks all without ids, the named ones with them (up to 100)', () => {
    expect(parsed(markNotificationsReadInput, undefined)).toEqual({});
    expect(parsed(markNotificationsReadInput, { ids: [] })).toEqual({ ids: [] });
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(parsed(markNotificationsReadInput, { ids: hundred }).ids).toHaveLength(100);
  });

  it.each([
    ['101 ids', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids', 'At most 100 notification ids at a time'],
    ['a zero id', { ids: [0] }, 'ids.0', 'Notification ids must be positive whole numbers'],
    ['a text id', { ids: ['7'] }, 'ids.0', 'Notification ids must be positive whole numbers'],
    ['ids that are not a list', { ids: 7 }, 'ids', 'Notification ids must be a list of ids'],
  ])('refuses %s', (_label, value, field, message) => {
    expect(issues(markNotificationsReadInput, value)).toEqual([[field, message]]);
  });
});
