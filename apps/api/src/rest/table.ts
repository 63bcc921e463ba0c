/**
 * The REST route table (docs/api.md#adding-a-path): every /api path is one row — method, path, the
 * procedure it calls, how the request fills the procedure's input, the success status and summary,
 * and the contract fields the procedure cannot say itself (rest/contract.ts). Fastify's routes and
 * the OpenAPI document (openapi/document.ts) are both built from this one list.
 *
 * A row names its procedure by its dotted path (`trip.get`), which is typed from the app router: a
 * misspelt procedure, or an input that does not fit it, is a type error. The few paths that are not
 * a procedure call answered as JSON or text (the cached ride list, the event stream, the Discord
 * redirects, the OpenAPI pages) keep a handler of their own (`handle`) but are rows all the same.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';

import type { RegisteredRoute } from '../openapi/document';
import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, type Caller, parseId, query, viaCaller } from './adapter';
import type { RestContract, RestHeader } from './contract';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every procedure's dotted path (`ride.byId`), from the server-side caller's type. */
type PathsOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown
    ? `${Prefix}${K}`
    : T[K] extends object
      ? PathsOf<T[K], `${Prefix}${K}.`>
      : never;
}[keyof T & string];

export type ProcedurePath = PathsOf<Caller>;

type ProcedureAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ProcedureAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

type ProcedureFn<P extends ProcedurePath> =
  ProcedureAt<Caller, P> extends (input: infer I) => Promise<infer O> ? (input: I) => Promise<O> : never;

/** What the procedure at `P` takes. */
export type ProcedureInput<P extends ProcedurePath> = Parameters<ProcedureFn<P>>[0];
/** What the procedure at `P` answers. */
export type ProcedureOutput<P extends ProcedurePath> = Awaited<ReturnType<ProcedureFn<P>>>;

/** The request as a row's `input` reads it. */
export interface RestRequest {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The JSON body as an object (`bodyObject`: a missing or non-object body is {}). */
  readonly body: Record<string, unknown>;
  /** The parsed query string. */
  readonly query: Record<string, unknown>;
  /** A path parameter as it came. */
  param(name: string): unknown;
  /**
   * A path parameter as an id, validated before the procedure runs (`parseId`): `:id` unless named;
   * `label` is what a 400 calls it (the parameter's own name unless given).
   */
  id(param?: string, label?: string): number;
}

/** What every handler factory of the table is given. */
export interface RouteDeps {
  http: HttpContextDeps;
  /** Interval of the event stream's keep-alive comment (tests shorten it). */
  heartbeatMs?: number;
  /** The table itself, as the OpenAPI document reads it. */
  routes: readonly RegisteredRoute[];
}

interface RowBase {
  method: RestMethod;
  /** The path as Fastify reads it (`/api/rides/:id`). */
  path: string;
  /** What the route does, in a few words (the document's summary). */
  summary: string;
  /** The success status (200 when left out). */
  status?: number;
  produces?: RestContract['produces'];
  /** The request's schema when no procedure gives it. */
  inputSchema?: z.ZodType;
  /** The answer's schema when no procedure gives it. */
  outputSchema?: z.ZodType;
  omit?: readonly string[];
  headers?: readonly RestHeader[];
  responses?: Readonly<Record<number, string>>;
  /** `false`: the handler sends its own (pre-)compressed bytes. */
  compress?: false;
}

/** A path that calls one procedure through the server-side caller and answers what it returns. */
export interface ProcedureRow<P extends ProcedurePath> extends RowBase {
  procedure: P;
  /** The request → the procedure's input (left out: the procedure takes none). */
  input?: (request: RestRequest) => ProcedureInput<P>;
  /** Headers on every answer of this path, errors included (set before the procedure runs). */
  answerHeaders?: Readonly<Record<string, string>>;
  /**
   * The procedure's result → the answer (headers, a text body, another status). Left out: the result
   * as JSON with `status`.
   */
  answer?: (result: ProcedureOutput<P>, request: RestRequest) => unknown;
  handle?: never;
}

/** A path with a handler of its own; `procedure`, when named, only describes it. */
export interface HandledRow<P extends ProcedurePath> extends RowBase {
  procedure?: P;
  handle: (deps: RouteDeps) => RouteHandlerMethod;
  input?: never;
  answer?: never;
  answerHeaders?: never;
}

/** One row of the table, as registered and documented. */
export interface RestRoute {
  method: RestMethod;
  path: string;
  contract: RestContract;
  compress?: false;
  handler: (deps: RouteDeps) => RouteHandlerMethod;
}

function contractOf(row: RowBase & { procedure?: string }): RestContract {
  const contract: RestContract = { summary: row.summary };
  if (row.procedure !== undefined) contract.procedure = row.procedure;
  if (row.status !== undefined) contract.status = row.status;
  if (row.produces !== undefined) contract.produces = row.produces;
  if (row.outputSchema !== undefined) contract.output = row.outputSchema;
  if (row.inputSchema !== undefined) contract.input = row.inputSchema;
  if (row.omit !== undefined) contract.omit = row.omit;
  if (row.headers !== undefined) contract.headers = row.headers;
  if (row.responses !== undefined) contract.responses = row.responses;
  return contract;
}

function restRequest(request: FastifyRequest, reply: FastifyReply): RestRequest {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return {
    request,
    reply,
    body: bodyObject(request),
    query: query(request),
    param: (name) => params[name],
    id: (param = 'id', label = param) => parseId(params[param], label),
  };
}

/** The caller's procedure at a dotted path (the caller is a proxy: each step names one level). */
function procedureOn<P extends ProcedurePath>(caller: Caller, path: P): ProcedureFn<P> {
  let target: unknown = caller;
  for (const step of path.split('.')) target = (target as Record<string, unknown>)[step];
  return target as ProcedureFn<P>;
}

/** A row of the table; its procedure's path and input are checked against the app router. */
export function route<P extends ProcedurePath>(row: ProcedureRow<P> | HandledRow<P>): RestRoute {
  const base = { method: row.method, path: row.path, contract: contractOf(row), compress: row.compress };
  if (row.handle) return { ...base, handler: row.handle };
  const { procedure, input, answer, answerHeaders } = row;
  return {
    ...base,
    handler: ({ http }) =>
      viaCaller(http, async (caller, request, reply) => {
        if (answerHeaders) void reply.headers(answerHeaders);
        const view = restRequest(request, reply);
        const call = procedureOn(caller, procedure);
        const result = (await call(input ? input(view) : undefined)) as ProcedureOutput<P>;
        return answer ? answer(result, view) : result;
      }),
  };
}

/** The table as the OpenAPI document reads it. */
export function registeredRoutes(table: readonly RestRoute[]): RegisteredRoute[] {
  return table.map((row) => ({ method: row.method, url: row.path, contract: row.contract }));
}

/** Registers every row as a Fastify route, with its contract in the route's config. */
export function registerRouteTable(
  app: FastifyInstance,
  table: readonly RestRoute[],
  deps: Omit<RouteDeps, 'routes'>,
): void {
  const routes = registeredRoutes(table);
  for (const row of table) {
    app.route({
      method: row.method,
      url: row.path,
      ...(row.compress === false ? { compress: false as const } : {}),
      config: { rest: row.contract },
      handler: row.handler({ ...deps, routes }),
    });
  }
}
