/**
 * GET /api/openapi.json (the document, built once when first asked) and GET /api/docs, the
 * document in Swagger UI, whose files come from the installed swagger-ui-dist package (nothing is
 * fetched from another site; docs/api.md#reading-it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { Env } from '../env';
import { sessionCookieName } from '../plugins/session';
import { rest } from '../rest/contract';
import { buildOpenApiDocument, type RegisteredRoute } from './document';

const DOCUMENT_PATH = '/api/openapi.json';

/** The page: Swagger UI's stylesheet and bundle, started by init.js (the page policy allows no inline script). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Rideshare REST API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="api-docs"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const INIT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: '${DOCUMENT_PATH}', dom_id: '#api-docs', deepLinking: true, withCredentials: true });
});
`;

/** The OpenAPI document's own outline (the rest of it is described by the OpenAPI 3.1 schema). */
const documentOutline = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

function viewerFile(name: string): () => Promise<Buffer> {
  let content: Promise<Buffer> | null = null;
  return () => {
    const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    content ??= readFile(join(dir, name));
    return content;
  };
}

export function registerOpenApiRoutes(app: FastifyInstance, env: Env, routes: readonly RegisteredRoute[]): void {
  let document: Record<string, unknown> | null = null;
  app.get(DOCUMENT_PATH, rest({ summary: 'This document', output: documentOutline }), async (_req, reply) => {
    document ??= buildOpenApiDocument(routes, {
      cookieName: sessionCookieName(env),
      serverUrl: env.PUBLIC_URL ?? null,
    });
    void reply.header('cache-control', 'no-cache');
    return document;
  });

  app.get('/api/docs', rest({ summary: 'The document in Swagger UI', produces: 'text/html' }), async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get(
    '/api/docs/init.js',
    rest({ summary: 'Starts Swagger UI', produces: 'text/javascript' }),
    async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
  const css = viewerFile('swagger-ui.css');
  app.get(
    '/api/docs/swagger-ui.css',
    rest({ summary: "Swagger UI's stylesheet", produces: 'text/css' }),
    async (_req, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await css()),
  );
  const bundle = viewerFile('swagger-ui-bundle.js');
  app.get(
    '/api/docs/swagger-ui-bundle.js',
    rest({ summary: 'Swagger UI', produces: 'text/javascript' }),
    async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await bundle()),
  );
}
