import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** Installed by infra/setup/ensure-installed.sh (pinned, from PyPI), like the Temporal binaries. */
const SCHEMATHESIS_DIR = path.join(ROOT, '.tools/schemathesis');
export const SCHEMATHESIS_CONFIG = path.join(__dirname, 'schemathesis.toml');
const SCHEMATHESIS_HOOKS = path.join(__dirname, 'schemathesis_hooks.py');

export interface FuzzRun {
  exitCode: number | null;
  output: string;
}

/**
 * Examples per operation and phase: enough to find a class of defect, bounded so the run stays within minutes. The
 * seed is fixed, so a run is reproducible and CI is green or red for a reason; FUZZ_SEED and FUZZ_MAX_EXAMPLES
 * explore further (`FUZZ_SEED=7 FUZZ_MAX_EXAMPLES=200 npm run jest -- api/openapi/fuzz`).
 */
export function fuzzSettings(): Pick<FuzzOptions, 'maxExamples' | 'seed'> {
  return {
    maxExamples: Number(process.env.FUZZ_MAX_EXAMPLES ?? 15),
    seed: Number(process.env.FUZZ_SEED ?? 20261124),
  };
}

export interface FuzzOptions {
  /** The served document, e.g. http://127.0.0.1:PORT/api/openapi.json. */
  schemaUrl: string;
  /** Bearer credentials for the document's two security schemes. */
  apiKey: string;
  accessToken: string;
  maxExamples: number;
  seed: number;
  /**
   * A live subscription whose plan charges for metrics reading a numeric property: the hooks aim some usage events
   * and subscription reads at it, so extreme values meet ingestion and pricing at full depth.
   */
  metered?: MeteredTarget;
}

export interface MeteredTarget {
  subscriptionId: string;
  metrics: { code: string; fieldName: string }[];
}

/**
 * Runs `schemathesis run` against a served OpenAPI document and collects its report. The checks are chosen in the
 * config file (SCHEMATHESIS_CONFIG: all of them), not with `--checks`, which would override its per-operation
 * exceptions. The credentials reach the config through the environment, never the command line.
 */
export function runSchemathesis(options: FuzzOptions): Promise<FuzzRun> {
  const args = [
    '-m',
    'schemathesis.cli',
    '--config-file',
    SCHEMATHESIS_CONFIG,
    'run',
    options.schemaUrl,
    '--max-examples',
    String(options.maxExamples),
    '--seed',
    String(options.seed),
    // One worker: with several threads, hypothesis' lambda descriptions parse source concurrently and CPython
    // 3.11's `ast` can fail ("AST constructor recursion depth mismatch"), a fuzzer crash, not an API failure.
    '--workers',
    '1',
    '--no-color',
  ];
  const env = {
    ...process.env,
    PYTHONPATH: SCHEMATHESIS_DIR,
    SCHEMATHESIS_HOOKS: SCHEMATHESIS_HOOKS,
    // The hooks choose which cases carry extreme numbers from the seed, so a seed replays the same requests.
    FUZZ_SEED: String(options.seed),
    FUZZ_METERED: options.metered === undefined ? '' : JSON.stringify(options.metered),
    FUZZ_API_KEY: options.apiKey,
    FUZZ_ACCESS_TOKEN: options.accessToken,
    // Plain output: the report is read in a log, not a terminal.
    NO_COLOR: '1',
    COLUMNS: '120',
  };
  return new Promise((resolve, reject) => {
    const child = spawn('python3', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    const collect = (chunk: Buffer) => {
      chunks.push(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      resolve({ exitCode, output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}
