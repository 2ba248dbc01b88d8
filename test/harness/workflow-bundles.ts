import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflows } from '../../infra/temporal/workflow-bundle';

/**
 * The workflow bundles of a test run, built once and kept on disk between runs while their sources are unchanged.
 *
 * Why: webpack takes 3 to 7 s of CPU per bundle, and the suite used to bundle in every test file that runs workflows
 * and in every worker process it starts (about 50 bundles on two cores). The run's globalSetup calls this; test files
 * then load the plain bundle (`TEST_WORKFLOW_BUNDLE`, see temporal-env.ts), and so do the worker processes they start
 * (`TEMPORAL_WORKFLOW_BUNDLE`, which the worker reads like any operator setting); a worker process that exports spans
 * is given the traced one (`TEST_TRACED_WORKFLOW_BUNDLE`).
 *
 * The cache key hashes every file of the folders a bundle may contain (workflows/, domain/), the bundler's own
 * settings and the lockfile. Each new bundle is checked against that: a bundle holding a project file outside those
 * folders is used for this run but not kept, so a stale bundle is never reused.
 */
const ROOT = path.resolve(__dirname, '../..');
const CACHE_DIR = path.join(ROOT, '.data/workflow-bundles');
const SOURCE_FOLDERS = ['workflows', 'domain'];
const SETTINGS_FILES = [
  'package-lock.json',
  'infra/temporal/workflow-bundle.ts',
  'infra/tracing/temporal-interceptors.ts',
  'test/harness/workflow-bundles.ts',
];
const KEPT_BUNDLES = 4;

export interface WorkflowBundleFiles {
  /** workflows/index.ts alone, as test files and workers without tracing run it. */
  plain: string;
  /** With the OpenTelemetry workflow interceptors, as a worker that exports spans runs it. */
  traced: string;
}

export async function prebuiltWorkflowBundles(): Promise<WorkflowBundleFiles> {
  const key = sourcesKey();
  const files = { plain: bundlePath(key, 'plain'), traced: bundlePath(key, 'traced') };
  if (existsSync(files.plain) && existsSync(files.traced)) return files;
  mkdirSync(CACHE_DIR, { recursive: true });
  const [plain, traced] = await Promise.all([bundleWorkflows({ traced: false }), bundleWorkflows({ traced: true })]);
  const cacheable = [plain.code, traced.code].every((code) => projectFilesIn(code).every(isHashed));
  const target = cacheable
    ? files
    : { plain: `${files.plain}.${process.pid}`, traced: `${files.traced}.${process.pid}` };
  writeAtomically(target.plain, plain.code);
  writeAtomically(target.traced, traced.code);
  pruneOldBundles();
  return target;
}

function sourcesKey(): string {
  const hash = createHash('sha256');
  const files = [...SOURCE_FOLDERS.flatMap((folder) => filesUnder(folder)), ...SETTINGS_FILES].sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The project's modules webpack put in a bundle (`/***\/ "./domain/money/index.ts"`), node_modules aside. */
function projectFilesIn(code: string): string[] {
  return [...code.matchAll(/\/\*{3}\/ "\.\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((file) => !file.startsWith('node_modules/'));
}

function isHashed(file: string): boolean {
  return SOURCE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) || SETTINGS_FILES.includes(file);
}

function bundlePath(key: string, kind: keyof WorkflowBundleFiles): string {
  return path.join(CACHE_DIR, `${key}-${kind}.js`);
}

/** Concurrent runs (two checkouts of one clone) may build the same key: each file appears whole or not at all. */
function writeAtomically(file: string, code: string): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, code);
  renameSync(partial, file);
}

function pruneOldBundles(): void {
  const bundles = readdirSync(CACHE_DIR)
    .map((name) => path.join(CACHE_DIR, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const stale of bundles.slice(KEPT_BUNDLES)) rmSync(stale, { force: true });
}
