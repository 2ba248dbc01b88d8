import { WorkflowNotFoundError } from '@temporalio/common';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import { TENANT_ID_SEARCH_ATTRIBUTE } from '../../../workflows/shared/search-attribute-keys';
import { testClockWorkflowId } from '../../../workflows/shared/workflow-ids';
import {
  TEST_CLOCK_WORKFLOW_TYPE,
  advanceTestClockSignal,
  testClockDeletedSignal,
  type TestClockWorkflowInput,
} from '../../../workflows/test-clocks/messages';

/**
 * Tells a clock's workflow what the API changed, once the change has committed: an advance (the row is ADVANCING at
 * `frozenTime`, ISO) or the clock's deletion. The workflow brings the clock's customers' workflows up to the new time
 * and marks the clock READY.
 */
export interface TestClockAdvancer {
  advance(input: { tenantId: string; clockId: string; frozenTime: string }): Promise<void>;
  deleted(input: { tenantId: string; clockId: string }): Promise<void>;
}

/**
 * The Temporal advancer: an advance is a signalWithStart of `test-clock:<tenantId>:<clockId>` (the clock's first
 * advance starts its workflow, later ones wake it); a deletion only signals a running workflow, since a clock that
 * never advanced has none to stop.
 */
export function temporalTestClockAdvancer(temporal: WorkflowClient): TestClockAdvancer {
  return {
    advance: async ({ tenantId, clockId, frozenTime }) => {
      const input: TestClockWorkflowInput = { tenantId, clockId };
      await temporal.client.workflow.signalWithStart(TEST_CLOCK_WORKFLOW_TYPE, {
        taskQueue: temporal.taskQueue,
        workflowId: testClockWorkflowId(tenantId, clockId),
        args: [input],
        signal: advanceTestClockSignal,
        signalArgs: [{ frozenTime }],
        typedSearchAttributes: [{ key: TENANT_ID_SEARCH_ATTRIBUTE, value: tenantId }],
        staticSummary: `Test clock ${clockId}`,
      });
    },
    deleted: async ({ tenantId, clockId }) => {
      try {
        await temporal.client.workflow.getHandle(testClockWorkflowId(tenantId, clockId)).signal(testClockDeletedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}
