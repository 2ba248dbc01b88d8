import { loadConfig } from '../config';
import { findFreePort } from '../net/wait-for-port';
import { createTemporalClient, type TemporalClient } from './client';
import { createTemporalHealthConnection } from './connection';
import { pingTemporal } from './ping';

describe('pingTemporal', () => {
  const config = loadConfig();
  let temporal: TemporalClient;

  beforeAll(async () => {
    temporal = await createTemporalClient(config);
  });

  afterAll(async () => {
    await temporal.close();
  });

  test('resolves when the server answers, with or without a namespace', async () => {
    await expect(pingTemporal(temporal.connection, { namespace: config.temporal.namespace })).resolves.toBeUndefined();
    await expect(pingTemporal(temporal.connection)).resolves.toBeUndefined();
  });

  test('throws for a namespace that does not exist', async () => {
    await expect(pingTemporal(temporal.connection, { namespace: 'no-such-namespace' })).rejects.toThrow();
  });

  test('throws at once when nothing listens, on the health connection (no retry backoff)', async () => {
    const connection = createTemporalHealthConnection({
      temporal: { ...config.temporal, address: `127.0.0.1:${await findFreePort()}` },
    });
    const started = performance.now();
    await expect(pingTemporal(connection, { namespace: config.temporal.namespace })).rejects.toThrow(/UNAVAILABLE/);
    // Default connection: about 3 s of retries past a 2 s deadline. Loose bound for busy machines.
    expect(performance.now() - started).toBeLessThan(1_500);
    await connection.close();
  });

  test('answers on the health connection when the server is up', async () => {
    const connection = createTemporalHealthConnection(config);
    try {
      await expect(pingTemporal(connection, { namespace: config.temporal.namespace })).resolves.toBeUndefined();
    } finally {
      await connection.close();
    }
  });
});
