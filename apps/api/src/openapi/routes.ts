/**
 * GET /api/openapi.json (the document, built once when first asked) and GET /api/docs, the
 * document in Swagger UI, whose files come from the installed swagger-ui-dist package (nothing is
 * fetched from another site; docs/api.md#reading-it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { RouteHandlerMethod } from 'fastify';
import { z } from 'zod';

import { sessionCookieName } from '../plugins/session';
import { route, type RestRoute, type RouteDeps } from '../rest/table';
import { buildOpenApiDocument } from './document';

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

/** The document, built from the route table the first time it is asked for. */
function documentHandler({ http: { env }, routes }: RouteDeps): RouteHandlerMethod {
  let document: Record<string, unknown> | null = null;
  return async (_req, reply) => {
    document ??= buildOpenApiDocument(routes, {
      cookieName: sessionCookieName(env),
      serverUrl: env.PUBLIC_URL ?? null,
    });
    void reply.header('cache-control', 'no-cache');
    return document;
  };
}

/** The page, its starter and Swagger UI's own two files: text answers, checked with the server each time. */
function viewerRoute(
  path: string,
  summary: string,
  type: 'text/html' | 'text/javascript' | 'text/css',
  body: () => Promise<string | Buffer>,
): RestRoute {
  return route({
    method: 'GET',
    path,
    summary,
    produces: type,
    handle: () => async (_req, reply) =>
      reply
        .type(`${type}; charset=utf-8`)
        .header('cache-control', 'no-cache')
        .send(await body()),
  });
}

export const openApiRoutes = [
  route({
    method: 'GET',
    path: DOCUMENT_PATH,
    summary: 'This document',
    outputSchema: documentOutline,
    handle: documentHandler,
  }),
  viewerRoute('/api/docs', 'The document in Swagger UI', 'text/html', () => Promise.resolve(PAGE)),
  viewerRoute('/api/docs/init.js', 'Starts Swagger UI', 'text/javascript', () => Promise.resolve(INIT)),
  viewerRoute('/api/docs/swagger-ui.css', "Swagger UI's stylesheet", 'text/css', viewerFile('swagger-ui.css')),
  viewerRoute('/api/docs/swagger-ui-bundle.js', 'Swagger UI', 'text/javascript', viewerFile('swagger-ui-bundle.js')),
];
