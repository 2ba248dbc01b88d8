import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * What the receiver does with the nth request (1-based): answer with a status (and body), or never answer. `then`:
 * after the status line, headers and `body`, the response is never ended (`hold`) or its connection is cut (`reset`).
 */
export type ReceiverReply = { status: number; body?: string; then?: 'hold' | 'reset' } | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Each request's `webhook-timestamp` header, in seconds. */
  timestamps: () => number[];
  close: () => Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that keeps every request it gets (a tenant's webhook endpoint in tests). */
export async function startWebhookReceiver(
  reply: (n: number) => ReceiverReply = () => ({ status: 204 }),
): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks) });
      const answer = reply(received.length);
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' });
      if (answer.then === undefined) {
        response.end(answer.body ?? '');
        return;
      }
      // Chunked, so the client cannot tell the body is incomplete until it ends (or never does).
      response.flushHeaders();
      if (answer.body !== undefined && answer.body !== '') response.write(answer.body);
      if (answer.then === 'reset') setTimeout(() => response.socket?.destroy(), 50);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    timestamps: () => received.map((request) => Number(request.headers['webhook-timestamp'])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
