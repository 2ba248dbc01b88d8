/**
 * Workflow ids are business keys (STYLE.md): the id is the idempotency key, so starting the same business
 * process twice hits WorkflowExecutionAlreadyStarted instead of running it twice. Built here and nowhere else.
 */

const SEPARATOR = ':';

function buildWorkflowId(kind: string, tenantId: string, key: string): string {
  assertKeyPart(kind, 'tenant id', tenantId);
  assertKeyPart(kind, 'key', key);
  return [kind, tenantId, key].join(SEPARATOR);
}

// A separator inside a part would let two different business keys produce the same id.
function assertKeyPart(kind: string, name: string, part: string): void {
  if (part === '' || part.includes(SEPARATOR)) {
    throw new TypeError(`${kind} workflow id: ${name} must be non-empty without "${SEPARATOR}", got "${part}"`);
  }
}

/** `subscription:<tenantId>:<subscriptionId>`: one long-running workflow per subscription. */
export function subscriptionWorkflowId(tenantId: string, subscriptionId: string): string {
  return buildWorkflowId('subscription', tenantId, subscriptionId);
}

/**
 * `webhook:<tenantId>:<eventId>`: one delivery (with its retry ladder) per event; a redelivery is series 2, 3, … with
 * id `webhook:<tenantId>:<eventId>-<series>`, so each series is started at most once too.
 */
export function webhookDeliveryWorkflowId(tenantId: string, eventId: string, series = 1): string {
  if (!Number.isSafeInteger(series) || series < 1) throw new TypeError(`webhook series must be >= 1, got ${series}`);
  return buildWorkflowId('webhook', tenantId, series === 1 ? eventId : `${eventId}-${series}`);
}

/** `payment:<tenantId>:<paymentId>`: one payment attempt flow, started with signalWithStart. */
export function paymentWorkflowId(tenantId: string, paymentId: string): string {
  return buildWorkflowId('payment', tenantId, paymentId);
}

/** `dunning:<tenantId>:<invoiceId>`: the collection ladder of one unpaid invoice, started once per invoice. */
export function dunningWorkflowId(tenantId: string, invoiceId: string): string {
  return buildWorkflowId('dunning', tenantId, invoiceId);
}

/**
 * `wallet:<tenantId>:<walletId>`: the wallet's own long-running workflow (its expiry timer), started and woken with
 * signalWithStart.
 */
export function walletWorkflowId(tenantId: string, walletId: string): string {
  return buildWorkflowId('wallet', tenantId, walletId);
}

/** `test-clock:<tenantId>:<clockId>`: one workflow per test clock owns its time and its advances. */
export function testClockWorkflowId(tenantId: string, clockId: string): string {
  return buildWorkflowId('test-clock', tenantId, clockId);
}
