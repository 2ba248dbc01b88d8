import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProviderServer {
  url: string;
  /** Requests received, oldest first. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: body === undefined ? '' : JSON.stringify(body) });

/** M-Pesa credentials `empty:empty` get Daraja's occasional empty 400. */
export const EMPTY_REFUSAL_AUTHORIZATION = `Basic ${Buffer.from('empty:empty').toString('base64')}`;

/**
 * Answers like the providers' real authenticated endpoints, for connection tests over real HTTP: success for the
 * `valid` Authorization header value, each provider's own 401 body otherwise (M-Pesa: 400).
 */
export async function startFakeProviderServer(valid: readonly string[]): Promise<FakeProviderServer> {
  const requests: FakeProviderServer['requests'] = [];
  const answer = (path: string, authorization: string | undefined) => {
    const ok = authorization !== undefined && valid.includes(authorization);
    if (path === '/v1/balance') {
      return ok
        ? json(200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], livemode: false })
        : json(401, {
            error: { message: 'Invalid API Key provided: sk_test_****wxyz', type: 'invalid_request_error' },
          });
    }
    if (path === '/balance') {
      return ok
        ? json(200, { status: true, message: 'Balances retrieved', data: [{ currency: 'NGN', balance: 0 }] })
        : json(401, { status: false, message: 'Invalid key' });
    }
    if (path === '/v3/balances') {
      return ok
        ? json(200, { status: 'success', message: 'Wallet balances fetched', data: [] })
        : json(401, { status: 'error', message: 'Invalid authorization key', data: null });
    }
    if (path === '/oauth/v1/generate?grant_type=client_credentials') {
      if (ok) return json(200, { access_token: 'c9SQxWWhmdVRlyh0zh8gZDTkubVF', expires_in: '3599' });
      return authorization === EMPTY_REFUSAL_AUTHORIZATION
        ? json(400, undefined)
        : json(400, { requestId: '1234-5678', errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    }
    return json(404, { message: 'no such fake endpoint' });
  };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const reply = answer(path, request.headers.authorization);
    response.writeHead(reply.status, reply.body === '' ? {} : { 'content-type': 'application/json' });
    response.end(reply.body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
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
