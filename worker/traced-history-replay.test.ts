import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { workflowSpanSinks } from '../infra/tracing';
import { readStoredHistories } from '../test/workflow-histories/stored-histories';
import { bundleWorkflows } from './create-worker';

/**
 * The worker's bundle carries Temporal's OpenTelemetry workflow interceptors. They add spans and headers, never a
 * command, so a workflow that ran before they were bundled (or with tracing off) goes on without a determinism
 * error: every stored history replays against the production bundle, its span sink in place.
 */
describe('stored workflow histories with the tracing interceptors bundled', () => {
  let bundle: WorkflowBundle;

  beforeAll(async () => {
    bundle = await bundleWorkflows();
  }, 120_000);

  test.each(readStoredHistories())(
    '$workflowType: $name replays',
    async ({ workflowType, name, history }) => {
      await Worker.runReplayHistory(
        { workflowBundle: bundle, sinks: workflowSpanSinks() },
        history,
        `${workflowType}/${name}`,
      );
    },
    60_000,
  );
});
