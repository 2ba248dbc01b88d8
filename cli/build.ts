import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleWorkflows, TRACED_WORKFLOW_BUNDLE_FILE, WORKFLOW_BUNDLE_FILE } from '../infra/temporal/workflow-bundle';
import { compileClosure } from './build/compile-closure';
import { packagesMissingInProduction } from './build/production-packages';

const ROOT = path.resolve(__dirname, '..');
/** The processes production runs (docs/operations.md); each becomes `<out>/<same path>.js`. */
const ENTRIES = ['api/main.ts', 'worker/main.ts', 'cli/migrate.ts', 'cli/tenant.ts'];

/**
 * `npm run build [-- --out-dir DIR]`: the API, the worker and the operator CLIs as CommonJS with source maps in
 * `dist/` (or DIR), plus the worker's workflow bundle. Types are checked by `npm run typecheck`, not here: the
 * transform alone takes seconds where tsc takes over a minute.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' } } });
  const outDir = path.resolve(ROOT, values['out-dir']);
  const startedAt = performance.now();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  const closure = await compileClosure({ root: ROOT, outDir, entries: ENTRIES });
  const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const missing = packagesMissingInProduction(closure.packages, dependencies);
  if (missing.length > 0) {
    throw new Error(`compiled code requires packages that are not production dependencies: ${missing.join(', ')}`);
  }

  // The worker runs the traced bundle when it exports spans, the other one otherwise (infra/temporal/workflow-bundle.ts).
  const [bundle, traced] = await Promise.all([bundleWorkflows({ traced: false }), bundleWorkflows({ traced: true })]);
  await writeFile(path.join(outDir, WORKFLOW_BUNDLE_FILE), bundle.code);
  await writeFile(path.join(outDir, TRACED_WORKFLOW_BUNDLE_FILE), traced.code);

  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const bundleMb = (Buffer.byteLength(bundle.code) / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `built ${path.relative(ROOT, outDir) || '.'}/ in ${seconds} s: ${closure.sources.length} modules, ` +
      `${closure.copied.length} files copied, ${WORKFLOW_BUNDLE_FILE} ${bundleMb} MB and ${TRACED_WORKFLOW_BUNDLE_FILE}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
