import { ApplicationFailure, patched } from '@temporalio/workflow';
import { businessNowIso } from '../shared/business-time';
import {
  direct,
  computeBillingPeriod,
  withStepRunner,
  type StepInput,
  type StepResult,
  type StepRunner,
} from './step-support';
import type { SubscriptionWorkflowState, UnbilledWork } from './subscription-state';
import type { LifecycleStep, LifecycleStepName, LifecycleStepOutcome, PeriodRange } from './wire';

type State = SubscriptionWorkflowState;

/**
 * Runs recorded before lifecycle actions were one transaction ran each step as an activity of its own; they replay
 * without the marker and keep that path.
 */
export const ONE_TRANSACTION_PATCH = 'lifecycle-action-one-transaction';

/**
 * Runs `action` (cancel now, pause, resume, plan change, renewal) as one unit of work: every credit note, invoice
 * and state write it makes is stored in one transaction by `applyLifecycleAction`, so a failure at any step leaves
 * the subscription, its invoices and credit notes as they were, and the retried activity does the whole again.
 *
 * The steps are written once, as for separate activities. The action runs twice: first on a copy of the state,
 * collecting each step's input (placeholder results; calendars are computed for real), then, once the transaction
 * has committed, on the state itself with the stored results. This holds because no step's input depends on an
 * earlier step's result within one action (results only update the bookkeeping); the second pass checks that each
 * step asks exactly what the first collected.
 */
export async function asOneAction(state: State, action: (state: State) => Promise<void>): Promise<void> {
  if (!patched(ONE_TRANSACTION_PATCH)) return action(state);
  const periods: PeriodRange[] = [];
  const steps: LifecycleStep[] = [];
  await withStepRunner(planningRunner(steps, periods), () => action(copyOf(state)));
  const { outcomes } =
    steps.length === 0
      ? { outcomes: [] }
      : await direct.applyLifecycleAction({ tenantId: state.tenantId, subscriptionId: state.subscriptionId, steps });
  const unpriced: UnpricedStep[] = [];
  await withStepRunner(applyingRunner({ steps, outcomes, periods, unpriced }), () => action(state));
  for (const miss of unpriced) await waitForRetry(state, { kind: 'step', step: miss.step }, miss.message);
}

interface UnpricedStep {
  step: Extract<UnbilledWork, { kind: 'step' }>['step'];
  message: string;
}

const copyOf = (state: State): State => JSON.parse(JSON.stringify(state)) as State;

/** Records the step and answers a placeholder: what the bookkeeping of the copy gets does not matter. */
function planningRunner(steps: LifecycleStep[], periods: PeriodRange[]): StepRunner {
  return {
    step: <N extends LifecycleStepName>(name: N, input: StepInput<N>) => {
      steps.push({ activity: name, input } as LifecycleStep);
      return Promise.resolve(placeholder(name, input) as StepResult<N>);
    },
    findBillingPeriod: async (input) => {
      const period = await computeBillingPeriod(input);
      periods.push(period);
      return period;
    },
  };
}

function placeholder(name: LifecycleStepName, input: LifecycleStep['input']): unknown {
  const invoice = { invoiceId: 'planned', status: 'OPEN', totalMinor: '0', finalizeAfter: null };
  switch (name) {
    case 'creditUnusedPeriod':
      return { creditedMinor: '0', invoices: 'invoices' in input ? input.invoices : [] };
    case 'issuePlanChangeInvoice':
      return { ...invoice, creditMinor: '0', chargeMinor: '0' };
    case 'issueIntervalChangeInvoice':
      return { ...invoice, creditMinor: '0', periodChargedMinor: '0' };
    case 'issuePeriodInvoice':
    case 'issueUsageInvoice':
    case 'writeLifecycleChange':
      return null;
  }
}

/** Answers each step with its stored result, in order; a step left unpriced answers "nothing issued". */
function applyingRunner(run: {
  steps: LifecycleStep[];
  outcomes: LifecycleStepOutcome[];
  periods: PeriodRange[];
  unpriced: UnpricedStep[];
}): StepRunner {
  let next = 0;
  let nextPeriod = 0;
  return {
    step: <N extends LifecycleStepName>(name: N, input: StepInput<N>) => {
      const index = next++;
      const planned = run.steps[index];
      const outcome = run.outcomes[index];
      if (planned?.activity !== name || JSON.stringify(planned.input) !== JSON.stringify(input) || !outcome) {
        throw ApplicationFailure.nonRetryable(`Lifecycle step ${index} (${name}) differs from the one stored`);
      }
      if (outcome.issued) return Promise.resolve(outcome.result as StepResult<N>);
      if (planned.activity !== 'issuePeriodInvoice' && planned.activity !== 'issueUsageInvoice') {
        throw ApplicationFailure.nonRetryable(`Lifecycle step ${index} (${name}) cannot be left unpriced`);
      }
      run.unpriced.push({ step: planned, message: outcome.message });
      return Promise.resolve(null as StepResult<N>);
    },
    findBillingPeriod: () => {
      const period = run.periods[nextPeriod++];
      if (period === undefined) throw ApplicationFailure.nonRetryable('A billing period was not computed in advance');
      return Promise.resolve(period);
    },
  };
}

/** Keeps the invoice waiting and shows why on the subscription (with `invoice.generation_failed`). */
export async function waitForRetry(state: State, work: UnbilledWork, message: string): Promise<void> {
  state.unbilled = [...(state.unbilled ?? []), work];
  await direct.recordBillingError({
    tenantId: state.tenantId,
    subscriptionId: state.subscriptionId,
    code: 'amount_out_of_range',
    message,
    period: periodOf(work),
    now: businessNowIso(),
  });
}

export const periodOf = (work: UnbilledWork): PeriodRange =>
  work.kind === 'step' ? work.step.input.period : work.period;
