import { WorkflowNotFoundError } from '@temporalio/common';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';

/** Ends running workflows by id, for good; an id with none running is skipped. */
export interface WorkflowStopper {
  terminate(workflowIds: readonly string[], reason: string): Promise<void>;
}

/** The Temporal stopper: terminates each workflow (no cleanup runs: what it would clean up is deleted already). */
export function temporalWorkflowStopper(temporal: WorkflowClient): WorkflowStopper {
  return {
    terminate: async (workflowIds, reason) => {
      await Promise.all(
        workflowIds.map(async (workflowId) => {
          try {
            await temporal.client.workflow.getHandle(workflowId).terminate(reason);
          } catch (error) {
            if (!(error instanceof WorkflowNotFoundError)) throw error;
          }
        }),
      );
    },
  };
}
