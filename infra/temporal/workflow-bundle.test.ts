import path from 'node:path';
import { workerWorkflowBundle } from './workflow-bundle';

describe('workerWorkflowBundle', () => {
  test('runs the bundle file it is given (TEMPORAL_WORKFLOW_BUNDLE) without bundling', async () => {
    const file = path.join(__dirname, 'workflow-bundle.ts');
    await expect(workerWorkflowBundle(file)).resolves.toEqual({ codePath: file });
  });

  test('refuses a bundle file that does not exist, naming the setting', async () => {
    await expect(workerWorkflowBundle('/nowhere/workflow-bundle.js')).rejects.toThrow(
      /TEMPORAL_WORKFLOW_BUNDLE names \/nowhere\/workflow-bundle\.js/,
    );
  });
});
