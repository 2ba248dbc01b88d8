import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseExposition, sampleSum } from '../test/checks/prometheus-text';
import { childProcessEnv } from '../test/harness/child-env';
import { ownDatabase } from '../test/harness/own-database';
import { uniqueTaskQueue } from '../test/harness/temporal-env';

const TOKEN = 'scrape-token-for-the-worker-process';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/** The URL the worker logged for its metrics, once it logs that it runs. */
function metricsUrlOnceRunning(stdout: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let url = '';
    createInterface({ input: stdout }).on('line', (line) => {
      const logged = /"url":"([^"]+)","msg":"worker metrics listening"/.exec(line);
      if (logged !== null) url = logged[1] ?? '';
      if (line.includes('"msg":"worker running"')) resolve(url);
    });
  });
}

describe('worker/main.ts in a process of its own', () => {
  it("serves GET /metrics behind the token, with the Temporal SDK's series relayed", async () => {
    // The run's environment gives port 0 for the metrics and the SDK's exporter: several workers run at once.
    const child = spawn(process.execPath, ['--import', 'tsx', require.resolve('./main')], {
      env: childProcessEnv({
        ...database.env(),
        LOG_LEVEL: 'info',
        METRICS_TOKEN: TOKEN,
        TEMPORAL_TASK_QUEUE: uniqueTaskQueue('main-metrics'),
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await metricsUrlOnceRunning(child.stdout);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect((await fetch(url)).status).toBe(401);
      const response = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      const samples = parseExposition(await response.text());
      expect(sampleSum(samples, 'billing_worker_temporal_exporter_up')).toBe(1);
      expect(samples.some((sample) => sample.name === 'temporal_num_pollers')).toBe(true);
      expect(samples.some((sample) => sample.name === 'process_resident_memory_bytes')).toBe(true);
      // The backlog gauges read the file's own database, which has no tenant: every provider at zero.
      expect(samples.filter((sample) => sample.name === 'billing_payments_pending')).toHaveLength(5);
      expect(sampleSum(samples, 'billing_payments_pending')).toBe(0);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  }, 180_000);
});
