/**
 * Compressed answers (docs/architecture.md#compressed-answers): JSON and text answers of at least
 * COMPRESS_THRESHOLD_BYTES go out as brotli or gzip, whichever the client's Accept-Encoding prefers
 * (brotli on a tie); event streams never (they must reach the client event by event). The web
 * build's files are compressed once at build time and sent as they are (`preCompressed`).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import negotiate from '@fastify/accept-negotiator';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Below this an answer goes out as it is: compressing it would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type BodyEncoding = 'br' | 'gzip';

/** In order of preference when the client weighs them the same. */
const ENCODINGS: BodyEncoding[] = ['br', 'gzip'];

/**
 * Brotli at quality 5: close to the best ratio on JSON for a fraction of quality 11's time, which
 * matters for answers compressed as they are sent. Gzip at zlib's default.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `body` in `encoding`, compressed off the main thread. */
export function encodedBody(body: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzipped(body);
}

/** The encoding to send a body of `bytes` in to this request, or null for none. */
export function chooseEncoding(request: FastifyRequest, bytes: number): BodyEncoding | null {
  if (bytes < COMPRESS_THRESHOLD_BYTES) return null;
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  return negotiate(header, ENCODINGS);
}

/** Compresses every route's answers registered after it (not request bodies: those stay as they are). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ENCODINGS,
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  } satisfies FastifyCompressOptions);
}
