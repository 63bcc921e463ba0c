/**
 * The OpenAPI 3.1 document of the REST paths, built from the routes as Fastify registered them and
 * the contract each declares (rest/contract.ts): a route's request is its procedure's zod input
 * (path ids, then the JSON body, or the query string on a GET), its answer the procedure's zod
 * output, both turned into JSON Schema by zod itself (draft 2020-12, the dialect OpenAPI 3.1 uses).
 * See docs/api.md#the-openapi-document.
 */
import { z } from 'zod';

import { restErrorBody, type RestContract } from '../rest/contract';
import { appRouter } from '../routers/app-router';
import { protectedProcedure } from '../trpc/init';

/** One registered route under /api, with its contract when it declares one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RestContract | undefined;
}

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
};

type Operation = Record<string, unknown>;

/** What the document reads of a procedure: its zod input(s), its zod output and its middlewares. */
interface AnyProcedure {
  _def: { inputs: unknown[]; output?: unknown; middlewares: unknown[] };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The statuses every route may answer, whatever it does (the error shape). */
const COMMON_ERRORS: Readonly<Record<number, string>> = {
  400: 'The request is not valid (a path id, a field, or the JSON itself); `fieldErrors` names the fields.',
  403: 'Not allowed: not your ride or role, or a write from another site.',
  404: 'Something the request names does not exist.',
  409: 'A rule of the ride says no at this moment (full, locked, past, cancelled, …).',
  429: 'Too many requests; `Retry-After` says when to come back.',
  500: 'An unexpected fault (the message is generic; the log has the request id).',
  503: 'The server is busy (no database connection came free in time); `Retry-After` says when to come back.',
};

const BODY_ERRORS: Readonly<Record<number, string>> = {
  413: 'The body is larger than BODY_LIMIT_BYTES.',
  415: 'The body is not JSON.',
};

const UNAUTHENTICATED = 'You must be signed in (the session cookie).';

/** `/api/rides/:id` → `/api/rides/{id}` (and the names of its parameters). */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** JSON Schema for a zod schema as it reads (`input`) or as it answers (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function procedureOf(name: string): AnyProcedure {
  const procedure = (appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>)[name];
  if (!procedure) throw new Error(`REST contract names an unknown procedure: ${name}`);
  return procedure;
}

const SIGNED_IN = protectedProcedure._def.middlewares.at(-1);

/** True when the procedure runs only for a signed-in caller (built on `protectedProcedure`). */
function needsSession(procedure: AnyProcedure | null): boolean {
  return procedure !== null && procedure._def.middlewares.includes(SIGNED_IN);
}

/** The input field a path parameter fills: the same name, or `rideId` for a ride's `:id`. */
function inputFieldOf(param: string, properties: Record<string, JsonSchema>): string | null {
  if (param in properties) return param;
  if (param === 'id' && 'rideId' in properties) return 'rideId';
  return null;
}

function errorResponse(description: string): Record<string, unknown> {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

function inputSchemaOf(contract: RestContract, procedure: AnyProcedure | null): JsonSchema | null {
  if (contract.input) return jsonSchemaOf(contract.input, 'input');
  const parsers = procedure?._def.inputs as z.ZodType[] | undefined;
  if (!parsers || parsers.length === 0) return null;
  const [first, ...more] = parsers;
  const schema = jsonSchemaOf(
    more.reduce<z.ZodType>((all, next) => z.intersection(all, next), first as z.ZodType),
    'input',
  );
  // An input that may be left out altogether (`.nullish()`) is read by its object's fields.
  const object = (schema.anyOf as JsonSchema[] | undefined)?.find((branch) => branch.properties);
  return object ?? schema;
}

function outputSchemaOf(contract: RestContract, procedure: AnyProcedure | null): JsonSchema | null {
  if (contract.produces) return { type: 'string' };
  const output = contract.output ?? (procedure?._def.output as z.ZodType | undefined);
  return output ? jsonSchemaOf(output, 'output') : null;
}

function operationOf(route: RegisteredRoute, contract: RestContract): Operation {
  const procedure = contract.procedure ? procedureOf(contract.procedure) : null;
  const { params } = openApiPath(route.url);
  const input = inputSchemaOf(contract, procedure);
  const properties: Record<string, JsonSchema> = { ...(input?.properties ?? {}) };
  const required = new Set(input?.required ?? []);

  const parameters: Record<string, unknown>[] = params.map((name) => {
    const field = inputFieldOf(name, properties);
    const schema = field ? properties[field] : { type: 'string' };
    if (field) {
      delete properties[field];
      required.delete(field);
    }
    return { name, in: 'path', required: true, schema };
  });
  for (const field of contract.omit ?? []) {
    delete properties[field];
    required.delete(field);
  }
  for (const header of contract.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string' },
    });
  }

  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url)
      .path.replace(/[{}]/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('')}`,
    summary: contract.summary,
    // Grouped by the procedures' namespace (ride, payment, …); routes without one by their first segment.
    tags: [contract.procedure?.split('.')[0] ?? route.url.split('/')[2] ?? 'api'],
  };
  if (contract.procedure) operation.description = `Calls the \`${contract.procedure}\` procedure.`;

  const fields = Object.keys(properties);
  if (fields.length > 0 && route.method === 'GET') {
    for (const name of fields) {
      parameters.push({ name, in: 'query', required: required.has(name), schema: properties[name] });
    }
  } else if (fields.length > 0 && BODY_METHODS.has(route.method)) {
    const body: JsonSchema = { ...input, properties };
    if (required.size > 0) body.required = [...required];
    else delete body.required;
    operation.requestBody = { required: required.size > 0, content: { 'application/json': { schema: body } } };
  }
  if (parameters.length > 0) operation.parameters = parameters;

  const signedIn = needsSession(procedure);
  operation.security = signedIn ? [{ session: [] }] : [{}, { session: [] }];

  const status = contract.status ?? 200;
  const output = outputSchemaOf(contract, procedure);
  const responses: Record<string, unknown> = {
    [String(status)]: {
      description: 'Done.',
      ...(output ? { content: { [contract.produces ?? 'application/json']: { schema: output } } } : {}),
    },
  };
  const errors: Record<number, string> = { ...COMMON_ERRORS };
  if (BODY_METHODS.has(route.method)) Object.assign(errors, BODY_ERRORS);
  if (signedIn) errors[401] = UNAUTHENTICATED;
  for (const [code, description] of Object.entries(errors)) responses[code] = errorResponse(description);
  for (const [code, description] of Object.entries(contract.responses ?? {})) {
    responses[code] = Number(code) >= 400 ? errorResponse(description) : { description };
  }
  operation.responses = responses;
  return operation;
}

export interface OpenApiOptions {
  /** The session cookie's name (`__Host-` prefixed over HTTPS). */
  cookieName: string;
  /** The server's public address, when known. */
  serverUrl: string | null;
}

/** The whole document: every registered /api route that declares its contract. */
export function buildOpenApiDocument(
  routes: readonly RegisteredRoute[],
  options: OpenApiOptions,
): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    if (!route.contract) continue;
    const { path } = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route, route.contract);
  }
  const errorSchema = jsonSchemaOf(restErrorBody, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rideshare REST API',
      version: '1.0.0',
      description:
        'Shared chartered-car rides between Singapore and Forest City. Every path calls the same procedures as the web app; see docs/api.md.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookieName,
          description: 'The session cookie POST /api/login and POST /api/register set.',
        },
      },
    },
  };
}
