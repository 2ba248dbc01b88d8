import { createServer, type Server, type Socket } from 'node:net';
import { loadConfig } from '../config';
import { createTestOrm } from '../../test/harness/database';
import { createOrm, pingDatabase } from './orm';

describe('pingDatabase', () => {
  it('answers when the database is up', async () => {
    const orm = await createTestOrm();
    try {
      await expect(pingDatabase(orm)).resolves.toBeUndefined();
    } finally {
      await orm.close();
    }
  });

  it('throws within the timeout when the server never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const orm = await createOrm(loadConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:${address.port}/billing` }));
    // kysely reports the abandoned connection attempt on console.error once the socket is destroyed below.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const startedAt = Date.now();
    try {
      await expect(pingDatabase(orm, 300)).rejects.toThrow();
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await orm.close(true);
      consoleError.mockRestore();
    }
  });
});
