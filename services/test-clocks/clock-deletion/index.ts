export { deleteTestClock, type TestClockDeletionDeps } from './delete-test-clock';
export { temporalWorkflowStopper, type WorkflowStopper } from './workflow-stopper';
