/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning refusals), except that an empty
 * body is no body. Many HTTP client wrappers send `Content-Type: application/json` on every request;
 * a call that takes no body then answers as without the header, a call whose fields are all
 * optional reads `{}`, and a call that needs fields answers 400 naming them
 * (docs/http-requests.md#bodies). tRPC parses its own bodies.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
