import type { InvoiceStatus } from '../../domain/invoices';

/**
 * The dunning workflow's wire types (CONTRACT §12): one workflow per unpaid invoice, id `dunning:<tenantId>:<invoiceId>`,
 * started from `central.pending_dunning_starts` by services/payments/collections. Instants travel as ISO strings.
 */

export const DUNNING_WORKFLOW_TYPE = 'dunningWorkflow';

export interface DunningWorkflowInput {
  tenantId: string;
  invoiceId: string;
  /**
   * The invoice's customer is on a test clock, as the finalize recorded it: the ladder reads the invoice on the worker
   * from its first step. Absent for ordinary customers, and in runs started before it was recorded (those learn their
   * clock from that first read, made through the server).
   */
  onTestClock?: true;
}

/** The invoice as a dunning step sees it when its timer fires, with the tenant's dunning settings of that moment. */
export interface DunningInvoiceState {
  status: InvoiceStatus;
  dueDate: string | null;
  subscriptionId: string | null;
  reminderDays: number[];
  uncollectibleAfterDays: number;
  cancelSubscription: boolean;
  /**
   * The customer's test clock and its time: the ladder runs on its time. Null or absent for an ordinary customer
   * (and in results recorded before test clocks).
   */
  testClock?: {
    clockId: string;
    frozenTime: string;
    /** The clock is ADVANCING to `frozenTime` (absent in results recorded before test clocks advanced in stops). */
    advancing?: boolean;
  } | null;
}

/** How a dunning run ended. */
export type DunningOutcome = 'settled' | 'ladder_complete' | 'not_collectible';
