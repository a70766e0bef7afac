import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  stop(): Promise<void>;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Listens on 127.0.0.1 (a given port, or a free one) and returns the base URL. */
export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => unknown, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((err: unknown) => sendJson(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${bound}` };
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
