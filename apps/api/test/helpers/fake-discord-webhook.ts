/**
 * A fake Discord webhook receiver on loopback for the announcement tests (docs/announcements.md):
 * `POST /api/webhooks/:id/:token?wait=true` answers a new message id, `PATCH …/messages/:mid`
 * answers the message; `failNextWith429(seconds)` answers the next call 429 with that
 * `retry_after`; a webhook id of `404` is a dead hook (404, code 10015).
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

export interface ReceivedCall {
  method: string;
  url: string;
  body: { content: string; embeds: { title: string; description?: string }[]; allowed_mentions: unknown };
  raw: string;
}

export interface FakeDiscord {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedCall[];
  failNextWith429: (retryAfterSeconds: number) => void;
  close: () => Promise<void>;
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const app: FastifyInstance = Fastify({ logger: false });
  const received: ReceivedCall[] = [];
  let nextId = 1000;
  let pending429: number | null = null;
  const record = (method: string, url: string, body: unknown) => {
    received.push({ method, url, body: body as ReceivedCall['body'], raw: JSON.stringify(body) });
  };
  const answer = (reply: FastifyReply, hookId: string, messageId: () => string) => {
    if (hookId === '404') return reply.code(404).send({ message: 'Unknown Webhook', code: 10015 });
    if (pending429 !== null) {
      const retryAfter = pending429;
      pending429 = null;
      return reply.code(429).send({ message: 'You are being rate limited.', retry_after: retryAfter, global: false });
    }
    return reply.code(200).send({ id: messageId() });
  };
  app.post<{ Params: { id: string; token: string }; Querystring: { wait?: string } }>(
    '/api/webhooks/:id/:token',
    (req, reply) => {
      record('POST', req.url, req.body);
      if (req.query.wait !== 'true') return reply.code(204).send();
      return answer(reply, req.params.id, () => String((nextId += 1)));
    },
  );
  app.patch<{ Params: { id: string; token: string; mid: string } }>(
    '/api/webhooks/:id/:token/messages/:mid',
    (req, reply) => {
      record('PATCH', req.url, req.body);
      return answer(reply, req.params.id, () => req.params.mid);
    },
  );
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    received,
    failNextWith429: (seconds) => {
      pending429 = seconds;
    },
    close: () => app.close(),
  };
}
