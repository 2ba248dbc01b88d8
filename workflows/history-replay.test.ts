import { Worker, type ReplayResult, type WorkflowBundleOption } from '@temporalio/worker';
import { bundleWorkflows } from '../infra/temporal/workflow-bundle';
import { workflowSpanSinks } from '../infra/tracing';
import { tracedWorkflowBundlePath } from '../test/harness/temporal-env';
import { HISTORY_FOLDERS, readStoredHistories } from '../test/workflow-histories/stored-histories';

/**
 * Determinism guard: every stored history (workflows/<workflow>/histories/*.json, recorded by
 * `npm run histories:record`) is replayed against the workflow code as it is now. A change that would make a running
 * workflow take another path (an activity or timer added, removed or reordered without `patched()`) fails here with
 * a DeterminismViolationError instead of failing in production on the next worker deploy.
 */

const stored = readStoredHistories();

// Against the traced bundle, with Temporal's OpenTelemetry workflow interceptors, which add spans and headers and
// never a command, so histories recorded without them replay unchanged under either bundle (the run's prebuilt one,
// else bundled here).
// One replay worker for them all: a worker per history cost about 2.5 s each (the bundle loaded into a new V8
// context), and each history's result is still its own test below.
const tracedBundle = async (): Promise<WorkflowBundleOption> => {
  const prebuilt = tracedWorkflowBundlePath();
  return prebuilt === null ? bundleWorkflows({ traced: true }) : { codePath: prebuilt };
};

describe('stored workflow histories', () => {
  const results = new Map<string, ReplayResult>();

  beforeAll(async () => {
    const replays = Worker.runReplayHistories(
      { workflowBundle: await tracedBundle(), sinks: workflowSpanSinks() },
      stored.map(({ workflowType, name, history }) => ({ workflowId: `${workflowType}/${name}`, history })),
    );
    for await (const result of replays) results.set(result.workflowId, result);
  }, 120_000);

  test('every recorded workflow type has histories', () => {
    expect(new Set(stored.map((history) => history.workflowType))).toEqual(new Set(Object.keys(HISTORY_FOLDERS)));
  });

  test.each(stored)('$workflowType: $name replays against the current code', ({ workflowType, name, history }) => {
    const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
    expect(started?.workflowType?.name).toBe(workflowType);
    const result = results.get(`${workflowType}/${name}`);
    expect(result).toBeDefined();
    if (result?.error !== undefined) throw result.error;
  });
});
