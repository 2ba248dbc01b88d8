import { Worker } from '@temporalio/worker';
import { sharedWorkflowBundle } from '../test/harness/temporal-env';
import { HISTORY_FOLDERS, readStoredHistories } from '../test/workflow-histories/stored-histories';

/**
 * Determinism guard: every stored history (workflows/<workflow>/histories/*.json, recorded by
 * `npm run histories:record`) is replayed against the workflow code as it is now. A change that would make a running
 * workflow take another path (an activity or timer added, removed or reordered without `patched()`) fails here with
 * a DeterminismViolationError instead of failing in production on the next worker deploy.
 */

const stored = readStoredHistories();

describe('stored workflow histories', () => {
  test('every recorded workflow type has histories', () => {
    expect(new Set(stored.map((history) => history.workflowType))).toEqual(new Set(Object.keys(HISTORY_FOLDERS)));
  });

  test.each(stored)(
    '$workflowType: $name replays against the current code',
    async ({ workflowType, name, history }) => {
      const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
      expect(started?.workflowType?.name).toBe(workflowType);
      await Worker.runReplayHistory(
        { workflowBundle: await sharedWorkflowBundle() },
        history,
        `${workflowType}/${name}`,
      );
    },
  );
});
