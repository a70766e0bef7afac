import type { FastifyReply } from 'fastify';

/** The gateway's own errors use the shape Supabase's API gateway (Kong) returns: `{ message }`. */
export function sendGatewayError(reply: FastifyReply, status: number, message: string, hint?: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send(hint ? { message, hint } : { message });
}
