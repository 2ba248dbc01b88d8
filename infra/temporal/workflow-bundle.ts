import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, type WorkflowBundle, type WorkflowBundleOption } from '@temporalio/worker';
import { WORKFLOW_TRACING_INTERCEPTOR_MODULES } from '../tracing/temporal-interceptors';

/**
 * The workflows' entry (`workflows/index.ts`) for the bundler. Resolved on call: compiled output has no workflow
 * sources (the compiled worker loads the prebuilt bundle), so resolving at load would fail there.
 */
export function workflowsPath(): string {
  return require.resolve('../../workflows');
}

/** The files `npm run build` writes at the top of its output, beside the compiled folders (dist/workflow-bundle.js). */
export const WORKFLOW_BUNDLE_FILE = 'workflow-bundle.js';
export const TRACED_WORKFLOW_BUNDLE_FILE = 'workflow-bundle-traced.js';

/** A module id only a bundle built with the tracing interceptors holds. */
const TRACING_INTERCEPTORS_MARK = 'interceptors-opentelemetry/lib/workflow-interceptors';

/**
 * Bundles `workflows/index.ts` from its TypeScript sources (webpack, a few seconds and a few hundred MB at peak), with
 * the OpenTelemetry workflow interceptors when `traced`; webpack's report is logged only when it warns (it is noise
 * on every start). The build and the worker run from sources both bundle through here, so the prebuilt bundles are
 * the ones development runs.
 *
 * Why two bundles: the interceptors' modules are evaluated again for every workflow a worker starts (the SDK keeps
 * module state apart per workflow) and they record spans whether or not anything exports them. Measured with
 * bench:webhooks, a worker without them delivered 500 webhooks at 44.9/s against 34.0/s with them. They add no
 * command, so a history replays the same under either bundle.
 */
export function bundleWorkflows(options: { traced: boolean }): Promise<WorkflowBundle> {
  return bundleWorkflowCode({
    workflowsPath: workflowsPath(),
    workflowInterceptorModules: options.traced ? [...WORKFLOW_TRACING_INTERCEPTOR_MODULES] : [],
    logger: new DefaultLogger('WARN'),
  });
}

/** True when this module runs as compiled JavaScript (`node dist/...`), false under tsx or jest. */
function runsCompiled(): boolean {
  return __filename.endsWith('.js');
}

/**
 * What a worker runs: the bundle file it is given (TEMPORAL_WORKFLOW_BUNDLE; a folder: the build's bundle of the
 * two there that fits, as the compiled worker picks beside itself), else the compiled worker loads the
 * bundle the build wrote (no webpack at start, and the same bundle in every process of a release); from sources it
 * bundles at start, so a workflow edit needs no build. `traced` (the process exports spans) asks for the bundle with
 * the tracing interceptors; a bundle file without them is refused then, since the workflows' spans would be missing.
 */
export async function workerWorkflowBundle(
  bundlePath: string | null,
  options: { traced: boolean },
): Promise<WorkflowBundleOption> {
  const file = options.traced ? TRACED_WORKFLOW_BUNDLE_FILE : WORKFLOW_BUNDLE_FILE;
  if (bundlePath !== null) {
    if (!existsSync(bundlePath)) throw new Error(`TEMPORAL_WORKFLOW_BUNDLE names ${bundlePath}, which does not exist`);
    if (statSync(bundlePath).isDirectory()) return bundleIn(bundlePath, file);
    if (options.traced && !(await readFile(bundlePath, 'utf8')).includes(TRACING_INTERCEPTORS_MARK)) {
      throw new Error(
        `TEMPORAL_WORKFLOW_BUNDLE names ${bundlePath}, built without the tracing interceptors, while tracing is on: ` +
          `name the traced bundle (\`npm run build\` writes ${TRACED_WORKFLOW_BUNDLE_FILE}), the build's folder, ` +
          `or unset it`,
      );
    }
    return { codePath: bundlePath };
  }
  if (!runsCompiled()) return bundleWorkflows(options);
  return bundleIn(path.join(__dirname, '..', '..'), file);
}

/** One of the build's two bundle files in `folder` (its output folder). */
function bundleIn(folder: string, file: string): WorkflowBundleOption {
  const codePath = path.join(folder, file);
  if (!existsSync(codePath)) throw new Error(`${codePath} is missing: \`npm run build\` writes it`);
  return { codePath };
}
