import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { historyFromJSON, historyToJSON, type History } from '@temporalio/common/lib/proto-utils';

/**
 * Recorded workflow histories, committed beside their workflows: the replay test runs every one of them through the
 * current workflow code, so a change that would break a running workflow (nondeterminism) fails `npm test`.
 * `npm run histories:record` writes them (test/workflow-histories/record.ts); see docs/subscriptions.md for when.
 */

const ROOT = resolve(__dirname, '..', '..');

/** Where each workflow type's histories live. */
export const HISTORY_FOLDERS = {
  subscriptionWorkflow: join(ROOT, 'workflows', 'subscriptions', 'histories'),
  webhookDeliveryWorkflow: join(ROOT, 'workflows', 'webhooks', 'histories'),
  paymentWorkflow: join(ROOT, 'workflows', 'payments', 'histories'),
  dunningWorkflow: join(ROOT, 'workflows', 'collections', 'histories'),
  walletWorkflow: join(ROOT, 'workflows', 'wallets', 'histories'),
  testClockWorkflow: join(ROOT, 'workflows', 'test-clocks', 'histories'),
} as const;

export type RecordedWorkflowType = keyof typeof HISTORY_FOLDERS;

export interface StoredHistory {
  workflowType: RecordedWorkflowType;
  /** The file name without `.json`: what the life was (`trial-plan-change-conversion`). */
  name: string;
  history: History;
}

/** Every stored history, by workflow type and name (read synchronously: jest builds its test list from it). */
export function readStoredHistories(): StoredHistory[] {
  return Object.entries(HISTORY_FOLDERS).flatMap(([workflowType, folder]) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => ({
        workflowType: workflowType as RecordedWorkflowType,
        name: file.slice(0, -'.json'.length),
        history: historyFromJSON(JSON.parse(readFileSync(join(folder, file), 'utf8'))),
      })),
  );
}

/** Writes one history in the JSON form Temporal's tools use (`temporal workflow show --output json`). */
export async function writeStoredHistory(recorded: StoredHistory): Promise<string> {
  const folder = HISTORY_FOLDERS[recorded.workflowType];
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${recorded.name}.json`);
  await writeFile(path, `${historyToJSON(recorded.history)}\n`);
  return path;
}
