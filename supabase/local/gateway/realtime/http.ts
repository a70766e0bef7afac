import type { FastifyInstance } from 'fastify';
import { checkApiKey } from '../api-key';
import type { GatewayContext } from '../context';
import { sendGatewayError } from '../errors';
import { bearerToken, type Claims } from '../jwt';
import { MAX_HTTP_BROADCAST_MESSAGES } from './constants';
import type { BroadcastBody, JsonObject } from './protocol';

/**
 * Realtime's REST broadcast, as realtime-js calls it: `POST /api/broadcast` with
 * `{ messages: [{ topic, event, payload, private }] }` (send() before a join, server-side
 * senders) and `POST /api/broadcast/:topic/events/:event[?private=true]` with the payload as
 * the body (httpSend). Both answer 202 with no body. The caller is the bearer token (else the
 * apikey); a private topic needs a `realtime.messages` policy letting it write broadcasts.
 */

export interface HttpBroadcast {
  topic: string;
  body: BroadcastBody;
  private: boolean;
}

export interface HttpBroadcaster {
  /** null when sent; otherwise the topic the caller may not write to (nothing was sent) */
  broadcast(messages: HttpBroadcast[], claims: Claims): Promise<string | null>;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const jsonBody = (event: string, payload: unknown): BroadcastBody => ({ event, encoding: 1, bytes: Buffer.from(JSON.stringify(payload ?? {}), 'utf8') });

class BadRequest extends Error {}

function parseMessages(body: unknown): HttpBroadcast[] {
  if (!isObject(body) || !Array.isArray(body.messages) || body.messages.length === 0) throw new BadRequest('messages must be a non-empty array');
  if (body.messages.length > MAX_HTTP_BROADCAST_MESSAGES) throw new BadRequest(`at most ${MAX_HTTP_BROADCAST_MESSAGES} messages per request`);
  return (body.messages as unknown[]).map((m, i) => {
    if (!isObject(m)) throw new BadRequest(`messages[${i}] must be an object`);
    if (typeof m.topic !== 'string' || m.topic === '') throw new BadRequest(`messages[${i}].topic must be a non-empty string`);
    if (typeof m.event !== 'string' || m.event === '') throw new BadRequest(`messages[${i}].event must be a non-empty string`);
    if (m.payload !== undefined && !isObject(m.payload)) throw new BadRequest(`messages[${i}].payload must be an object`);
    if (m.private !== undefined && typeof m.private !== 'boolean') throw new BadRequest(`messages[${i}].private must be a boolean`);
    return { topic: m.topic, body: jsonBody(m.event, m.payload), private: m.private === true };
  });
}

export function realtimeHttp(ctx: GatewayContext, broadcaster: () => HttpBroadcaster | null) {
  return async (app: FastifyInstance): Promise<void> => {
    // httpSend sends binary payloads as they are
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.setErrorHandler(async (err: Error & { statusCode?: number }, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status >= 500) console.error('[realtime] http:', err);
      return sendGatewayError(reply, status, status >= 500 ? 'An unexpected error occurred' : err.message);
    });

    app.addHook('onRequest', async (req, reply) => {
      const check = await checkApiKey(req, ctx);
      if (!check.ok) return sendGatewayError(reply, check.status, check.message, check.hint);
    });

    const send = async (
      req: { headers: Record<string, string | string[] | undefined> },
      messages: HttpBroadcast[],
    ): Promise<{ status: number; message?: string }> => {
      const header = req.headers.apikey;
      const token = bearerToken(req.headers.authorization) ?? (Array.isArray(header) ? header[0] : header) ?? '';
      let claims: Claims;
      try {
        claims = await ctx.jwt.verify(token);
      } catch (err) {
        return { status: 401, message: err instanceof Error ? err.message : 'invalid JWT' };
      }
      const server = broadcaster();
      if (!server) return { status: 503, message: 'realtime is starting' };
      const refused = await server.broadcast(messages, claims);
      return refused === null
        ? { status: 202 }
        : { status: 401, message: `Unauthorized: You do not have permissions to write to this Channel topic: ${refused}` };
    };

    app.post('/api/broadcast', async (req, reply) => {
      let messages: HttpBroadcast[];
      try {
        messages = parseMessages(req.body);
      } catch (err) {
        if (err instanceof BadRequest) return sendGatewayError(reply, 400, err.message);
        throw err;
      }
      const result = await send(req, messages);
      return result.status === 202 ? reply.code(202).send() : sendGatewayError(reply, result.status, result.message ?? '');
    });

    app.post<{ Params: { topic: string; event: string }; Querystring: { private?: string } }>('/api/broadcast/:topic/events/:event', async (req, reply) => {
      const { topic, event } = req.params;
      if (topic === '' || event === '') return sendGatewayError(reply, 400, 'topic and event are required');
      const payload: unknown = req.body;
      let body: BroadcastBody;
      if (Buffer.isBuffer(payload)) body = { event, encoding: 0, bytes: payload };
      else if (isObject(payload)) body = jsonBody(event, payload);
      else return sendGatewayError(reply, 400, 'the body must be a JSON object or binary data');
      const result = await send(req, [{ topic, body, private: req.query.private === 'true' }]);
      return result.status === 202 ? reply.code(202).send() : sendGatewayError(reply, result.status, result.message ?? '');
    });
  };
}
