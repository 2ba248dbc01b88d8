import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { drainAndClose, listen } from './http-server';

function slowApp(delayMs: number): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    // Stops waiting when the connection is cut, so no timer outlives the test.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      ctx.req.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    ctx.body = { done: true };
  });
  return app;
}

describe('graceful HTTP shutdown', () => {
  it('finishes the request in flight, then refuses new connections', async () => {
    const server = await listen(slowApp(300), { port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const inFlight = fetch(url);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const stopped = drainAndClose(server, { drainTimeoutMs: 5000 });
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await stopped;
    await expect(fetch(url)).rejects.toThrow();
  });

  it('cuts a request that outlives the drain timeout', async () => {
    const server = await listen(slowApp(10_000), { port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const inFlight = fetch(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await drainAndClose(server, { drainTimeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(inFlight).rejects.toThrow();
  });

  it('reports a port that is already taken', async () => {
    const first = await listen(slowApp(0), { port: 0, host: '127.0.0.1' });
    const { port } = first.address() as AddressInfo;
    await expect(listen(slowApp(0), { port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
    await drainAndClose(first, { drainTimeoutMs: 100 });
  });

  it('keeps an idle keep-alive connection open past the 5 s Node default, so a reusing client is not reset', async () => {
    const server = await listen(slowApp(0), { port: 0, host: '127.0.0.1' });
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket });
          });
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ status: 200, reusedSocket: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
      await drainAndClose(server, { drainTimeoutMs: 100 });
    }
  }, 20_000);
});
