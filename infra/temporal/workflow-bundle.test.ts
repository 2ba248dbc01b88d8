import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { workerWorkflowBundle } from './workflow-bundle';

describe('workerWorkflowBundle', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'workflow-bundle-'));
  const bundleFile = (name: string, code: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, code);
    return file;
  };
  const plain = bundleFile('plain.js', 'exports.importWorkflows = () => ({});');
  const traced = bundleFile(
    'traced.js',
    'require("./node_modules/@temporalio/interceptors-opentelemetry/lib/workflow-interceptors.js");',
  );

  test('runs the bundle file it is given (TEMPORAL_WORKFLOW_BUNDLE) without bundling', async () => {
    await expect(workerWorkflowBundle(plain, { traced: false })).resolves.toEqual({ codePath: plain });
    await expect(workerWorkflowBundle(traced, { traced: false })).resolves.toEqual({ codePath: traced });
    await expect(workerWorkflowBundle(traced, { traced: true })).resolves.toEqual({ codePath: traced });
  });

  test('refuses a bundle without the tracing interceptors while tracing is on, naming the traced one', async () => {
    await expect(workerWorkflowBundle(plain, { traced: true })).rejects.toThrow(
      /TEMPORAL_WORKFLOW_BUNDLE names .*plain\.js, built without the tracing interceptors, while tracing is on: name the traced bundle \(`npm run build` writes workflow-bundle-traced\.js\), the build's folder, or unset it/,
    );
  });

  test('in a folder (the build output), takes the bundle of the two that fits', async () => {
    const built = mkdtempSync(path.join(tmpdir(), 'workflow-bundle-dist-'));
    writeFileSync(path.join(built, 'workflow-bundle.js'), 'plain');
    writeFileSync(path.join(built, 'workflow-bundle-traced.js'), 'traced');
    await expect(workerWorkflowBundle(built, { traced: false })).resolves.toEqual({
      codePath: path.join(built, 'workflow-bundle.js'),
    });
    await expect(workerWorkflowBundle(built, { traced: true })).resolves.toEqual({
      codePath: path.join(built, 'workflow-bundle-traced.js'),
    });
    await expect(workerWorkflowBundle(folder, { traced: true })).rejects.toThrow(
      /workflow-bundle-traced\.js is missing: `npm run build` writes it/,
    );
  });

  test('refuses a bundle file that does not exist, naming the setting', async () => {
    await expect(workerWorkflowBundle('/nowhere/workflow-bundle.js', { traced: false })).rejects.toThrow(
      /TEMPORAL_WORKFLOW_BUNDLE names \/nowhere\/workflow-bundle\.js/,
    );
  });
});
