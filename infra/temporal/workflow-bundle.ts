import { existsSync } from 'node:fs';
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

/** The file `npm run build` writes at the top of its output, beside the compiled folders (dist/workflow-bundle.js). */
export const WORKFLOW_BUNDLE_FILE = 'workflow-bundle.js';

/**
 * Bundles `workflows/index.ts` from its TypeScript sources (webpack, a few seconds and a few hundred MB at peak) with
 * the tracing interceptors (a bundle built elsewhere needs them too for workflows to be traced); webpack's report is
 * logged only when it warns (it is noise on every start). The build and the worker run from sources both bundle
 * through here, so the prebuilt bundle is the one development runs.
 */
export function bundleWorkflows(): Promise<WorkflowBundle> {
  return bundleWorkflowCode({
    workflowsPath: workflowsPath(),
    workflowInterceptorModules: [...WORKFLOW_TRACING_INTERCEPTOR_MODULES],
    logger: new DefaultLogger('WARN'),
  });
}

/** True when this module runs as compiled JavaScript (`node dist/...`), false under tsx or jest. */
function runsCompiled(): boolean {
  return __filename.endsWith('.js');
}

/**
 * What a worker runs: the bundle file it is given (TEMPORAL_WORKFLOW_BUNDLE), else the compiled worker loads the
 * bundle the build wrote (no webpack at start, and the same bundle in every process of a release); from sources it
 * bundles at start, so a workflow edit needs no build step.
 */
export async function workerWorkflowBundle(bundlePath: string | null = null): Promise<WorkflowBundleOption> {
  if (bundlePath !== null) {
    if (!existsSync(bundlePath)) throw new Error(`TEMPORAL_WORKFLOW_BUNDLE names ${bundlePath}, which does not exist`);
    return { codePath: bundlePath };
  }
  if (!runsCompiled()) return bundleWorkflows();
  const codePath = path.join(__dirname, '..', '..', WORKFLOW_BUNDLE_FILE);
  if (!existsSync(codePath)) throw new Error(`${codePath} is missing: \`npm run build\` writes it`);
  return { codePath };
}
