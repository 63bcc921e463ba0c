/**
 * Property-based fuzzing of every documented REST operation (docs/api.md#fuzzing): requests
 * generated from the OpenAPI document itself — valid ones from the schemas, and broken ones (wrong
 * types, missing fields, huge strings, Unicode edge cases, odd ids, bodies that are not JSON) — sent
 * through `app.inject` as a visitor, a member and an organizer. Every answer passes through the
 * document's check (helpers/contract.ts: a documented status, a body matching its schema), and
 * none may be a 5xx. A second property runs sequences of generated calls on rides and then checks
 * that no ride holds more seats than its maximum and that each ride's payment amounts sum to its
 * total. The seed is fixed; a failure names it (FUZZ_SEED=…) with the path to the failing case.
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

/** Fixed, so a run repeats; FUZZ_SEED explores further, or replays the seed a failure names. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const ci = process.env.CI === 'true';

/** A case count from the environment (a whole number above 0), or its default. */
function runsFrom(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new Error(`${name} must be a whole number above 0, not '${value}'`);
  return Number(value);
}

/**
 * Cases per operation and identity (FUZZ_RUNS) and sequences of calls (FUZZ_SEQUENCE_RUNS): CI runs
 * 24 and 75, a local run 8 and 25 (docs/api.md#fuzzing). The time budgets grow with them.
 */
const RUNS_PER_OPERATION = runsFrom('FUZZ_RUNS', ci ? 24 : 8);
const SEQUENCE_RUNS = runsFrom('FUZZ_SEQUENCE_RUNS', ci ? 75 : 25);
const MORE = Math.max(RUNS_PER_OPERATION / 8, SEQUENCE_RUNS / 25, 1);

/** fast-check's settings: the fixed seed, and a failure that names it so `FUZZ_SEED=<seed>` replays the run. */
function fuzzing(numRuns: number): fc.Parameters<unknown> {
  return {
    seed: SEED,
    numRuns,
    endOnFailure: true,
    reporter: (details) => {
      if (details.failed) {
        throw new Error(
          `Fuzzing failed (FUZZ_SEED=${String(details.seed)}, path ${String(details.counterexamplePath)}): ${String(details.errorInstance)}\n${fc.defaultReportMessage(details) ?? ''}`,
        );
      }
    },
  };
}
const HOUR = 60 * 60 * 1000;

const t = useTestApp({
  reset: false,
  env: {
    RATE_LIMIT_RIDES_PER_DAY: '1000000',
    RATE_LIMIT_ALERT_PER_HOUR: '1000000',
    MESSAGES_PER_MINUTE: '1000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    // Wrong current passwords count against the account: the sign-in throttle would lock the fuzzing members out.
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL: '1000000',
  },
});

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  produces: string[];
}

type Identity = 'visitor' | 'member' | 'organizer';

interface GeneratedRequest {
  identity: Identity;
  url: string;
  payload: unknown;
  /** A body sent as it is, not as JSON (a broken JSON text). */
  raw: string | null;
}

/** Strings that have broken text handling elsewhere: lone surrogates, direction marks, joiners, NUL. */
const UNICODE_EDGES = [
  '\uD800',
  '\uDFFF',
  'a\u202Eb',
  '\u200D',
  '\u0000',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  'ǅ',
  '\u2028\u2029',
  '𝕏'.repeat(50),
  ' ',
  '',
];
const HUGE = 'x'.repeat(60_000);
const ODD_IDS = [
  '0',
  '-1',
  '1e3',
  '0x10',
  '+10',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%20',
  'null',
  '٣',
];

const knownIds: number[] = [];

function stringArb(schema: Schema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern JavaScript cannot compile is left to the plain strings below.
    }
  }
  if (schema.format === 'date')
    return fc
      .integer({ min: -400, max: 400 })
      .map((d) => new Date(Date.now() + d * 24 * HOUR).toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc.integer({ min: -400, max: 400 }).map((d) => new Date(Date.now() + d * 24 * HOUR).toISOString());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  );
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -5),
    -2_147_483_648,
  );
  const max = Math.min(
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000),
    2_147_483_647,
  );
  if (integer || min > max)
    return fc.integer({ min: Math.ceil(Math.min(min, max)), max: Math.floor(Math.max(min, max)) });
  return fc.double({ min, max, noNaN: true });
}

/** Values a schema accepts (mostly: refinements the schema cannot say are left to the server). */
function valid(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, depth + 1)));
  if (schema.allOf?.[0]) return valid(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valid(s, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, 0, -1, 1e308, '', [], {}, HUGE, 'x'.repeat(150_000)),
  fc.constantFrom(...UNICODE_EDGES),
  fc.integer(),
  fc.string(),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** A body the schema refuses (or should): a field dropped, one of the wrong type, or no object at all. */
function broken(schema: Schema | null): fc.Arbitrary<{ payload: unknown; raw: string | null }> {
  const fields = Object.keys(schema?.properties ?? {});
  const alternatives: fc.Arbitrary<{ payload: unknown; raw: string | null }>[] = [
    wrongValue.map((payload) => ({ payload, raw: null })),
    fc
      .constantFrom('{"a":', '{', 'null', '[1,2', '"', '{"__proto__":{"x":1}}', 'NaN')
      .map((raw) => ({ payload: undefined, raw })),
  ];
  if (schema && fields.length > 0) {
    alternatives.push(
      fc
        .tuple(valid(schema), fc.constantFrom(...fields), wrongValue)
        .map(([body, field, value]) => ({ payload: { ...(body as object), [field]: value }, raw: null })),
      fc.tuple(valid(schema), fc.constantFrom(...fields)).map(([body, field]) => {
        const copy = { ...(body as Record<string, unknown>) };
        delete copy[field];
        return { payload: copy, raw: null };
      }),
      fc.tuple(valid(schema), fc.string(), fc.jsonValue({ maxDepth: 1 })).map(([body, key, value]) => ({
        payload: { ...(body as object), [key]: value },
        raw: null,
      })),
    );
  }
  return fc.oneof(...alternatives);
}

/** Percent-encoded, lone surrogates included (sent as the UTF-8 of U+FFFD, as a browser would). */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function paramValue(parameter: Parameter): fc.Arbitrary<string> {
  const schema = parameter.schema;
  const good: fc.Arbitrary<string> =
    schema.enum !== undefined
      ? fc.constantFrom(...schema.enum.map(String))
      : schema.type === 'integer' || schema.type === 'number'
        ? fc.oneof(fc.constantFrom(...knownIds), fc.integer({ min: 1, max: 50 })).map(String)
        : fc.string({ maxLength: 40 });
  const bad = fc.oneof(
    fc.constantFrom(...ODD_IDS, ...UNICODE_EDGES.filter((s) => s !== '')),
    fc.string({ maxLength: 20 }),
  );
  // Sent as they are, not percent-encoded: broken escapes and dot segments reach the router itself.
  const raw = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '..', '.', '%2e%2e', '%00', '%2F', '1;x', '1%3Fx');
  return fc.oneof(
    { weight: 3, arbitrary: good.map(pathSegment) },
    { weight: 1, arbitrary: bad.map(pathSegment) },
    { weight: 1, arbitrary: raw },
  );
}

/** Requests for one operation: valid ones weighted over broken ones, as any of the three identities. */
function requests(operation: Operation, identities: readonly Identity[]): fc.Arbitrary<GeneratedRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const streaming = operation.produces.includes('text/event-stream');
  const path = fc
    .tuple(...pathParams.map(paramValue))
    .map((values) =>
      pathParams.reduce((url, parameter, i) => url.replace(`{${parameter.name}}`, values[i] ?? ''), operation.path),
    );
  // An event stream that opens never ends: streams are sent only refusals (a bad Last-Event-ID).
  const query = streaming
    ? fc.constantFrom(
        '?lastEventId=x',
        '?lastEventId=-1',
        '?lastEventId=u',
        '?lastEventId=1.5',
        '?lastEventId=%00',
        '?lastEventId=1234567890123456',
      )
    : fc
        .tuple(
          // A key given twice (`?page=1&page=2`) reaches the route as an array.
          fc.boolean(),
          ...queryParams.map((p) =>
            fc.option(
              fc.oneof(
                { weight: 3, arbitrary: valid(p.schema).map(String) },
                {
                  weight: 1,
                  arbitrary: fc.constantFrom('', 'abc', '-1', '1e999', HUGE.slice(0, 3000), ...UNICODE_EDGES),
                },
              ),
            ),
          ),
        )
        .map(([twice, ...values]) => {
          const pairs = queryParams.flatMap((p, i) =>
            values[i] === null || values[i] === undefined ? [] : [`${p.name}=${pathSegment(String(values[i]))}`],
          );
          const all = twice ? [...pairs, ...pairs] : pairs;
          return all.length > 0 ? `?${all.join('&')}` : '';
        });
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const body: fc.Arbitrary<{ payload: unknown; raw: string | null }> = !hasBody
    ? fc.constant({ payload: undefined, raw: null })
    : operation.body
      ? fc.oneof(
          { weight: 3, arbitrary: valid(operation.body).map((payload) => ({ payload, raw: null })) },
          { weight: 2, arbitrary: broken(operation.body) },
        )
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant({ payload: undefined, raw: null }) },
          { weight: 1, arbitrary: broken(null) },
        );
  return fc
    .record({ identity: fc.constantFrom(...identities), path, query, body })
    .map(({ identity, path: p, query: q, body: b }) => ({
      identity,
      url: `${p}${q}`,
      payload: b.payload,
      raw: b.raw,
    }));
}

const cookies: Record<Identity, string | null> = { visitor: null, member: null, organizer: null };
let member: TestUser;
let organizer: TestUser;
let operations: Operation[] = [];

async function send(operation: Operation, request: GeneratedRequest) {
  const cookie = cookies[request.identity];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (request.raw !== null) headers['content-type'] = 'application/json';
  // The answer is checked against the document by the test app itself (helpers/contract.ts).
  const response = await t.app.inject({
    method: operation.method as 'GET',
    url: request.url,
    headers,
    ...(request.raw !== null
      ? { payload: request.raw }
      : request.payload !== undefined
        ? { payload: request.payload as object }
        : {}),
  });
  expect(
    response.statusCode,
    `${operation.method} ${request.url} as ${request.identity}: ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  return response;
}

async function signIn(): Promise<void> {
  cookies.member = await loginAs(t.app, member);
  cookies.organizer = await loginAs(t.app, organizer);
}

/** Two rides of the organizer's (one inside the price lock, one further out), the member on both. */
async function ridesForFuzzing(): Promise<TestRide[]> {
  const soon = await createRide(t.db, organizer, {
    date: new Date(Date.now() + 30 * HOUR),
    maxPassengers: 4,
    cost: 80,
  });
  const later = await createRide(t.db, organizer, {
    date: new Date(Date.now() + 240 * HOUR),
    maxPassengers: 3,
    cost: 60,
  });
  for (const ride of [soon, later]) {
    const entry = await addPassenger(t.db, ride, member, { location: 'Tampines Mall', count: 1 });
    knownIds.push(ride.id, entry.id);
    if (ride.organizerEntryId !== null) knownIds.push(ride.organizerEntryId);
  }
  return [soon, later];
}

beforeAll(async () => {
  member = await createUser(t.db, { name: 'Mira Member' });
  organizer = await createUser(t.db, { name: 'Omar Organizer' });
  knownIds.push(member.id, organizer.id);
  await ridesForFuzzing();
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: Schema }> };
          responses: Record<string, { content?: Record<string, unknown> }>;
        }
      >
    >;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema ?? null,
      produces: Object.values(op.responses).flatMap((r) => Object.keys(r.content ?? {})),
    })),
  );
});

/** Signing out or deleting comes last, so the other operations meet sessions and rides that exist. */
const LAST = /logout|reset-password|^DELETE \/api\/rides\/\{id\}$/;

describe('every documented operation, under generated requests', () => {
  it('answers no 5xx, only documented statuses, and only documented bodies', { timeout: 150_000 * MORE }, async () => {
    expect(operations.length).toBeGreaterThan(60);
    const ordered = [...operations].sort(
      (a, b) => Number(LAST.test(`${a.method} ${a.path}`)) - Number(LAST.test(`${b.method} ${b.path}`)),
    );
    const started = Date.now();
    for (const operation of ordered) {
      await signIn();
      await fc.assert(
        fc.asyncProperty(requests(operation, ['visitor', 'member', 'organizer']), async (request) => {
          await send(operation, request);
        }),
        fuzzing(RUNS_PER_OPERATION * 3),
      );
    }
    console.log(
      `fuzzed ${String(ordered.length)} operations in ${String(Date.now() - started)} ms (seed ${String(SEED)})`,
    );
  });
});

describe('sequences of generated calls on rides', () => {
  it('never seat more than a ride holds, and always split its total exactly', { timeout: 90_000 * MORE }, async () => {
    await signIn();
    const rideOperations = operations.filter(
      (op) => op.path.startsWith('/api/rides/{id}') && op.method !== 'GET' && !/messages|calendar/.test(op.path),
    );
    expect(rideOperations.length).toBeGreaterThan(10);
    const call = fc.oneof(
      ...rideOperations.map((op) => requests(op, ['member', 'organizer']).map((request) => ({ op, request }))),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 10 }), async (calls) => {
        const rides = await ridesForFuzzing();
        for (const { op, request } of calls) await send(op, request);
        const seats = await sql<{ id: number; maxPassengers: number; currentPassengers: number; seated: number }>`
          select r.id, r.max_passengers as "maxPassengers", r.current_passengers as "currentPassengers",
                 coalesce(sum(p.passenger_count), 0)::int as seated
          from rides r left join ride_passengers p on p.ride_id = r.id
          group by r.id`.execute(t.db);
        for (const ride of seats.rows) {
          expect(ride.seated, `ride ${String(ride.id)}`).toBeLessThanOrEqual(ride.maxPassengers);
          expect(ride.currentPassengers, `ride ${String(ride.id)}`).toBeLessThanOrEqual(ride.maxPassengers);
        }
        for (const ride of rides) {
          const answer = await t.app.inject({
            method: 'GET',
            url: `/api/rides/${String(ride.id)}/payments`,
            headers: { cookie: cookies.organizer ?? '' },
          });
          if (answer.statusCode !== 200) continue;
          const table = answer.json<{ total: number; payments: { amountDue: number }[] }>();
          if (table.payments.length === 0) continue;
          const cents = table.payments.reduce((sum, row) => sum + Math.round(row.amountDue * 100), 0);
          expect(cents, `ride ${String(ride.id)}: ${answer.body}`).toBe(Math.round(table.total * 100));
        }
      }),
      fuzzing(SEQUENCE_RUNS),
    );
  });
});
