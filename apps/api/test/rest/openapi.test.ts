import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';

import { openApiPath } from '../../src/openapi/document';
import { useTestApp } from '../helpers/app';
import { AnswerContract } from '../helpers/contract';

const t = useTestApp({ reset: false });

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
  components: { securitySchemes: Record<string, unknown> };
};

async function documentOf(): Promise<Document> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<Document>();
}

/** `/api/rides/{id}` → `/api/rides/:id`, the router's spelling. */
function routerUrl(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every REST route the app registered, and nothing else', async () => {
    const document = await documentOf();
    const registered = t.app.restRoutes.map((route) => `${route.method} ${route.url}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${routerUrl(path)}`),
    );
    // A route registered without a contract (rest/contract.ts) is missing from the document.
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
    // And each documented operation is one the router really answers.
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        expect(t.app.hasRoute({ method: method.toUpperCase(), url: routerUrl(path) }), `${method} ${path}`).toBe(true);
      }
    }
    expect(registered.length).toBeGreaterThan(60);
  });

  it('describes the session cookie as the security scheme, required where a procedure needs a member', async () => {
    const document = await documentOf();
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'rideshare.sid',
    });
    expect(document.paths['/api/alerts']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/alerts']?.get?.responses['401']).toBeDefined();
    expect(document.paths['/api/rides/{id}']?.get?.security).toEqual([{}, { session: [] }]);
  });

  it('gives requests and answers from the procedures’ schemas', async () => {
    const paths = (await documentOf()).paths as unknown as Record<string, Record<string, Record<string, unknown>>>;
    const join = paths['/api/rides/{id}/join']?.post as {
      parameters: { name: string; in: string }[];
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    expect(join.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const body = join.requestBody.content['application/json'].schema.properties;
    expect(Object.keys(body)).toContain('dropoffLocation');
    expect(Object.keys(body)).not.toContain('rideId');
    expect(Object.keys(join.responses['201']?.content?.['application/json']?.schema.properties ?? {})).toContain(
      'passengerCount',
    );
    const list = paths['/api/notifications']?.get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['query page', 'query pageSize']);
    const csv = paths['/api/rides/{id}/payments.csv']?.get as { responses: Record<string, { content?: object }> };
    expect(Object.keys(csv.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const events = paths['/api/events']?.get as {
      parameters: { name: string; in: string }[];
      responses: Record<string, { content?: object }>;
    };
    expect(Object.keys(events.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(events.parameters.map((p) => `${p.in} ${p.name}`).sort()).toEqual([
      'header Last-Event-ID',
      'query lastEventId',
    ]);
  });

  it('path templates read as the router reads them', () => {
    expect(openApiPath('/api/calendar/:token.ics')).toEqual({ path: '/api/calendar/{token}.ics', params: ['token'] });
    expect(openApiPath('/api/rides/:id/payments/:passengerId/waive').params).toEqual(['id', 'passengerId']);
  });
});

describe('the answer check', () => {
  it('refuses an answer the document does not describe', async () => {
    const contract = new AnswerContract(await documentOf());
    const json = { 'content-type': 'application/json; charset=utf-8' };
    expect(
      contract.mismatch('GET', '/api/stats', {
        statusCode: 200,
        headers: json,
        body: '{"totalRides":1,"totalUsers":2}',
      }),
    ).toBeNull();
    expect(
      contract.mismatch('GET', '/api/stats', { statusCode: 200, headers: json, body: '{"totalRides":"1"}' }),
    ).toMatch(/does not describe/);
    expect(
      contract.mismatch('GET', '/api/stats', {
        statusCode: 200,
        headers: json,
        body: '{"totalRides":1,"totalUsers":2,"x":1}',
      }),
    ).toMatch(/does not describe/);
    expect(contract.mismatch('GET', '/api/stats', { statusCode: 418, headers: json, body: '{"error":"x"}' })).toMatch(
      /does not list/,
    );
    expect(
      contract.mismatch('GET', '/api/rides/12', { statusCode: 404, headers: json, body: '{"error":"Ride not found"}' }),
    ).toBeNull();
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from this server, reading this document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const file = await t.app.inject({ method: 'GET', url: source });
      expect(file.statusCode, source).toBe(200);
      expect(file.body.length).toBeGreaterThan(0);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
    // The page policy allows scripts from this server only.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
