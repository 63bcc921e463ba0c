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

  // The page, its starter and Swagger UI's own two files: text answers, checked with the server each time.
  const files: {
    url: string;
    summary: string;
    type: 'text/html' | 'text/javascript' | 'text/css';
    body: () => Promise<string | Buffer>;
  }[] = [
    { url: '/api/docs', summary: 'The document in Swagger UI', type: 'text/html', body: () => Promise.resolve(PAGE) },
    {
      url: '/api/docs/init.js',
      summary: 'Starts Swagger UI',
      type: 'text/javascript',
      body: () => Promise.resolve(INIT),
    },
    {
      url: '/api/docs/swagger-ui.css',
      summary: "Swagger UI's stylesheet",
      type: 'text/css',
      body: viewerFile('swagger-ui.css'),
    },
    {
      url: '/api/docs/swagger-ui-bundle.js',
      summary: 'Swagger UI',
      type: 'text/javascript',
      body: viewerFile('swagger-ui-bundle.js'),
    },
  ];
  for (const file of files) {
    app.get(file.url, rest({ summary: file.summary, produces: file.type }), async (_req, reply) =>
      reply
        .type(`${file.type}; charset=utf-8`)
        .header('cache-control', 'no-cache')
        .send(await file.body()),
    );
  }
}
