/**
 * Every answer a test gets from `app.inject` is checked against the OpenAPI document the app
 * serves (docs/api.md#the-document-is-the-truth): its status must be one the path documents, and
 * its body must match the schema documented for that status. A mismatch fails the test that made
 * the request. Wired into every app the integration tests build (helpers/setup-contract.ts).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

import { canonicalUrl } from '../../src/http/request-path';
import { buildOpenApiDocument } from '../../src/openapi/document';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;

interface Documented {
  /** `/api/rides/{id}` as a pattern, and how many parameters it has (fewer wins, as in the router). */
  pattern: RegExp;
  params: number;
  operations: Record<string, Json>;
}

/** The document's paths as patterns, and a JSON Schema validator for each documented answer. */
export class AnswerContract {
  private readonly paths: Documented[];
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    const errorSchema = (document.components as { schemas: { Error: Json } }).schemas.Error;
    const inlined = JSON.stringify(document.paths).replaceAll(
      '{"$ref":"#/components/schemas/Error"}',
      JSON.stringify(errorSchema),
    );
    const paths = JSON.parse(inlined) as Record<string, Record<string, Json>>;
    this.paths = Object.entries(paths)
      .map(([path, operations]) => {
        const source = path
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return { pattern: new RegExp(`^${source}$`, 'i'), params: path.split('{').length - 1, operations };
      })
      .sort((a, b) => a.params - b.params);
  }

  /** The documented operation answering `method url`, or null when no documented path matches. */
  operationOf(method: string, url: string): { operation: Json; key: string } | null {
    const path = canonicalUrl(url).split('?')[0] ?? '';
    const verb = method.toLowerCase();
    for (const documented of this.paths) {
      const operation = documented.operations[verb];
      if (operation && documented.pattern.test(path)) return { operation, key: `${verb} ${documented.pattern.source}` };
    }
    return null;
  }

  /** What is wrong with this answer to `method url` by the document, or null when it matches. */
  mismatch(
    method: string,
    url: string,
    answer: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>,
  ): string | null {
    if (method.toUpperCase() === 'HEAD' || method.toUpperCase() === 'OPTIONS') return null;
    const found = this.operationOf(method, url);
    if (!found) return null;
    const status = String(answer.statusCode);
    const responses = found.operation.responses as Record<string, Json>;
    const documented = responses[status];
    if (!documented) {
      return `${method} ${url} answered ${status}, which the document does not list (${Object.keys(responses).join(', ')}): ${answer.body.slice(0, 300)}`;
    }
    const content = documented.content as Record<string, { schema: Json }> | undefined;
    if (!content) return null;
    const type =
      String(answer.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    const media = content[type];
    if (!media) {
      return `${method} ${url} answered ${status} as "${type}", the document says ${Object.keys(content).join(', ')}`;
    }
    if (type !== 'application/json') return null;
    const validatorKey = `${found.key} ${status}`;
    let validate = this.validators.get(validatorKey);
    if (!validate) {
      validate = this.ajv.compile(media.schema);
      this.validators.set(validatorKey, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${method} ${url} answered ${status} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
    }
    if (validate(body)) return null;
    return `${method} ${url} answered ${status} with a body the document does not describe: ${this.ajv.errorsText(validate.errors)} — ${answer.body.slice(0, 300)}`;
  }
}

/**
 * The app's own document, as GET /api/openapi.json builds it (built here rather than asked for, so
 * checking answers sends no request of its own: the per-address rate limit counts only the test's).
 */
export function contractOf(app: FastifyInstance): AnswerContract {
  return new AnswerContract(buildOpenApiDocument(app.restRoutes, { cookieName: 'rideshare.sid', serverUrl: null }));
}

/** The body as sent, or decoded when it was compressed (brotli, gzip). */
function decodedBody(answer: Pick<LightMyRequestResponse, 'headers' | 'body' | 'rawPayload'>): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString('utf8');
  return answer.body;
}

/**
 * Checks every answer `app.inject` gives against the app's OpenAPI document, throwing (and so
 * failing the test) on the first that does not match. Returns the app.
 */
export function checkAnswers<T extends FastifyInstance>(app: T): T {
  const inject = app.inject.bind(app);
  let contract: AnswerContract | null = null;
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const answer = await inject(options as InjectOptions);
    const { method = 'GET', url = '' } = typeof options === 'string' ? { url: options } : options;
    const path = typeof url === 'string' ? url : (url.pathname ?? '');
    if (!path.toLowerCase().includes('/api/')) return answer;
    contract ??= contractOf(app);
    const problem = contract.mismatch(String(method), path, { ...answer, body: decodedBody(answer) });
    if (problem) throw new Error(`Answer does not match the OpenAPI document: ${problem}`);
    return answer;
  };
  const injectChecked = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : checked(options)) as typeof app.inject;
  Object.defineProperty(app, 'inject', { value: injectChecked, configurable: true, writable: true });
  return app;
}
