import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('business constants (SPEC §9)', () => {
  it.each([
    ['MIN_PASSWORD_LENGTH', c.MIN_PASSWORD_LENGTH, 8],
    ['DEFAULT_RIDE_COST', c.DEFAULT_RIDE_COST, 80],
    ['ADDITIONAL_STOP_FEE', c.ADDITIONAL_STOP_FEE, 5],
    ['DEFAULT_MAX_PASSENGERS', c.DEFAULT_MAX_PASSENGERS, 5],
    ['MIN_PASSENGERS', c.MIN_PASSENGERS, 1],
    ['MAX_PASSENGERS', c.MAX_PASSENGERS, 10],
    ['DELETE_CONFIRM_WINDOW_MS', c.DELETE_CONFIRM_WINDOW_MS, 5000],
    ['FOREST_CITY_PICKUP', c.FOREST_CITY_PICKUP, 'Forest City'],
    ['MOBILE_BREAKPOINT_PX', c.MOBILE_BREAKPOINT_PX, 768],
    ['MAP_DEFAULT_ZOOM', c.MAP_DEFAULT_ZOOM, 12],
    ['TOAST_DURATION_MS', c.TOAST_DURATION_MS, 5000],
    ['TIME_ZONE', c.TIME_ZONE, 'Asia/Singapore'],
    ['LOCALE', c.LOCALE, 'en-SG'],
    ['DEFAULT_DIRECTION', c.DEFAULT_DIRECTION, 'SG->FC'],
    ['MAX_LOCATION_LENGTH', c.MAX_LOCATION_LENGTH, 500],
    ['MAX_NAME_LENGTH', c.MAX_NAME_LENGTH, 100],
    ['MAX_USERNAME_LENGTH', c.MAX_USERNAME_LENGTH, 64],
    ['MAX_PASSWORD_LENGTH', c.MAX_PASSWORD_LENGTH, 256],
    ['MAX_PHONE_LENGTH', c.MAX_PHONE_LENGTH, 32],
    ['MAX_NOTES_LENGTH', c.MAX_NOTES_LENGTH, 1000],
  ])('%s is %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('lists the directions, statuses and map centre of the spec', () => {
    expect(c.DIRECTIONS).toEqual(['SG->FC', 'FC->SG']);
    expect(c.RIDE_STATUSES).toEqual(['open', 'assigned', 'completed']);
    expect(c.MAP_DEFAULT_CENTER).toEqual({ latitude: 1.3521, longitude: 103.8198 });
  });
});
