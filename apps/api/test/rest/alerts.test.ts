/**
 * The ride alerts' REST paths (docs/alerts.md#api): statuses and messages a person can read for
 * bad input and limits, and each member's alerts kept to themselves.
 */
import { ALERT_MESSAGES, MAX_LIVE_ALERTS, singaporeDay } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

const DAY = 86_400_000;
/** A Singapore day `days` from now ('YYYY-MM-DD'). */
const dayIn = (days: number) => singaporeDay(new Date(Date.now() + days * DAY));

let ann: TestUser;
let bob: TestUser;
let annCookie: string;
let bobCookie: string;

beforeEach(async () => {
  ann = await createUser(t.db, { name: 'Ann' });
  bob = await createUser(t.db, { name: 'Bob' });
  annCookie = await loginAs(t.app, ann);
  bobCookie = await loginAs(t.app, bob);
});

function send(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const valid = () => ({ direction: 'FC->SG', fromDate: dayIn(1), toDate: dayIn(14) });
const post = (cookie: string | null, payload: unknown) => send('POST', '/api/alerts', cookie, payload);

describe('POST /api/alerts', () => {
  it('answers 201 with the alert, which GET /api/alerts lists for its owner only', async () => {
    const created = await post(annCookie, { ...valid(), weekdays: [1, 2, 3, 4, 5], latestTime: '08:30' });
    expect(created.statusCode).toBe(201);
    const alert = created.json<{ id: number }>();
    expect(alert).toMatchObject({ ...valid(), weekdays: [1, 2, 3, 4, 5], earliestTime: null, latestTime: '08:30' });

    expect((await send('GET', '/api/alerts', annCookie)).json()).toEqual([alert]);
    expect((await send('GET', '/api/alerts', bobCookie)).json()).toEqual([]);
  });

  it.each([
    ['a window in the past', { fromDate: dayIn(-1) }, ALERT_MESSAGES.inThePast],
    ['a window over 90 days', { fromDate: dayIn(1), toDate: dayIn(91) }, ALERT_MESSAGES.tooLong],
    ['an end before the start', { fromDate: dayIn(5), toDate: dayIn(4) }, ALERT_MESSAGES.endBeforeStart],
    ['a date that does not exist', { toDate: '2027-02-29' }, 'To date must be a date (YYYY-MM-DD)'],
    ['an unknown direction', { direction: 'KL' }, 'Direction must be SG->FC or FC->SG'],
    ['weekday 8', { weekdays: [8] }, 'Weekdays must be a list of day numbers from 1 (Monday) to 7 (Sunday)'],
    ['a time that is not a time', { earliestTime: '7 am' }, 'Earliest time must be a time of day (HH:MM, 24-hour)'],
    [
      'times the wrong way round',
      { earliestTime: '09:00', latestTime: '08:00' },
      'The earliest time must not be after the latest time',
    ],
  ])('answers 400 for %s, naming why, and stores nothing', async (_name, change, message) => {
    const response = await post(annCookie, { ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(message);
    expect((await send('GET', '/api/alerts', annCookie)).json()).toEqual([]);
  });

  it('answers 400 for a missing body, and 401 when signed out', async () => {
    const empty = await send('POST', '/api/alerts', annCookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toBe('Direction must be SG->FC or FC->SG');
    expect((await post(null, valid())).statusCode).toBe(401);
    expect((await send('GET', '/api/alerts', null)).statusCode).toBe(401);
  });

  it('answers 409 for the eleventh live alert, for that member only', async () => {
    for (let i = 0; i < MAX_LIVE_ALERTS; i += 1) expect((await post(annCookie, valid())).statusCode).toBe(201);
    const eleventh = await post(annCookie, valid());
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ error: ALERT_MESSAGES.limit });
    expect((await post(bobCookie, valid())).statusCode).toBe(201);
  });
});

describe('DELETE /api/alerts/:id', () => {
  it('deletes the owner’s alert; another member gets 404 and the alert stays', async () => {
    const { id } = (await post(annCookie, valid())).json<{ id: number }>();
    const path = `/api/alerts/${String(id)}`;

    const foreign = await send('DELETE', path, bobCookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: ALERT_MESSAGES.notFound });
    expect((await send('GET', '/api/alerts', annCookie)).json()).toHaveLength(1);

    expect((await send('DELETE', path, annCookie)).statusCode).toBe(200);
    expect((await send('GET', '/api/alerts', annCookie)).json()).toEqual([]);
    expect((await send('DELETE', path, annCookie)).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await send('DELETE', '/api/alerts/abc', annCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^Invalid id \(id\)/);
  });
});
