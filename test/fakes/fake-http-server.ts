import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedProviderRequest } from './fake-provider';

/** What a fake provider's route answers: a status and a JSON body (undefined: an empty body), plus headers. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  /** Path without the query. */
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeHttpServer {
  url: string;
  requests: RecordedProviderRequest[];
  /**
   * The next request whose path starts with `pathPrefix` (and of `method`, when given) gets this answer instead of
   * the provider's logic.
   */
  failNextCall(pathPrefix: string, statusCode: number, body: unknown, method?: string): void;
  /**
   * The next request whose path starts with `pathPrefix` is received (and recorded) but answered only once `answer`
   * is called: a provider that is slow to answer. `received` resolves when it arrived.
   */
  holdNextCall(pathPrefix: string): { received: Promise<void>; answer: () => void };
  close(): Promise<void>;
}

/**
 * The HTTP side every fake provider shares: records each request (method, path with query, headers, raw body),
 * answers injected failures first, then the fake's own routes. Listens on a free loopback port.
 */
export async function startFakeHttpServer(route: (request: FakeRequest) => FakeAnswer): Promise<FakeHttpServer> {
  const requests: RecordedProviderRequest[] = [];
  const failures: { pathPrefix: string; method: string | undefined; answer: FakeAnswer }[] = [];
  const holds: { pathPrefix: string; arrived: () => void; released: Promise<void> }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void answerRequest());
    const answerRequest = async () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      const held = holds.findIndex((hold) => path.startsWith(hold.pathPrefix));
      if (held >= 0) {
        const hold = holds.splice(held, 1)[0]!;
        hold.arrived();
        await hold.released;
      }
      const url = new URL(path, 'http://fake.invalid');
      const injected = failures.findIndex(
        (failure) =>
          path.startsWith(failure.pathPrefix) && (failure.method === undefined || failure.method === request.method),
      );
      let answer: FakeAnswer;
      if (injected >= 0) {
        answer = failures.splice(injected, 1)[0]!.answer;
      } else {
        try {
          answer = route({
            method: request.method ?? 'GET',
            pathname: url.pathname,
            query: url.searchParams,
            headers: request.headers,
            body,
          });
        } catch (error) {
          answer = { status: 500, body: { message: `fake provider bug: ${String(error)}` } };
        }
      }
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      response.writeHead(answer.status, {
        ...(text === '' ? {} : { 'content-type': 'application/json' }),
        ...answer.headers,
      });
      response.end(text);
    };
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNextCall(pathPrefix, statusCode, body, method) {
      failures.push({ pathPrefix, method, answer: { status: statusCode, body } });
    },
    holdNextCall(pathPrefix) {
      const signals: { arrived?: () => void; answer?: () => void } = {};
      const received = new Promise<void>((resolve) => (signals.arrived = resolve));
      const released = new Promise<void>((resolve) => (signals.answer = resolve));
      holds.push({ pathPrefix, arrived: () => signals.arrived?.(), released });
      return { received, answer: () => signals.answer?.() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
