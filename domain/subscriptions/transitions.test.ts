import type { SubscriptionStatus } from './subscription-status';
import {
  refuseByStatus,
  refuseCancel,
  refuseClearPastDue,
  refuseMarkPastDue,
  refusePause,
  refusePlanChange,
  refuseResume,
  refuseUndoCancel,
  type LifecycleFacts,
  type LifecycleRequest,
} from './transitions';

const facts = (overrides: Partial<LifecycleFacts> = {}): LifecycleFacts => ({
  status: 'ACTIVE',
  planId: 'plan_a',
  cancelAt: null,
  ...overrides,
});

describe('subscription transitions', () => {
  test('cancelling a canceled subscription is refused, now or at period end', () => {
    expect(refuseCancel(facts({ status: 'CANCELED' }), 'now')?.code).toBe('invalid_state_transition');
    expect(refuseCancel(facts({ status: 'CANCELED' }), 'period_end')?.code).toBe('invalid_state_transition');
  });

  test('a scheduled cancellation can be undone while it is scheduled; nothing to undo or already canceled is refused', () => {
    const scheduled = { cancelAt: '2026-02-01T00:00:00.000Z' };
    for (const status of ['TRIALING', 'ACTIVE', 'PAST_DUE'] as const) {
      expect(refuseUndoCancel(facts({ status, ...scheduled }))).toBeUndefined();
    }
    expect(refuseUndoCancel(facts())?.message).toBe('The subscription has no cancellation scheduled');
    expect(refuseUndoCancel(facts({ status: 'CANCELED', ...scheduled }))?.code).toBe('invalid_state_transition');
  });

  test('cancel now is accepted from every live state; at period end once, and not while paused', () => {
    for (const status of ['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE'] as const) {
      expect(refuseCancel(facts({ status }), 'now')).toBeUndefined();
    }
    expect(refuseCancel(facts(), 'period_end')).toBeUndefined();
    expect(refuseCancel(facts({ cancelAt: '2026-02-01T00:00:00.000Z' }), 'period_end')).toBeDefined();
    expect(refuseCancel(facts({ status: 'PAUSED' }), 'period_end')).toBeDefined();
  });

  test('pause from ACTIVE or TRIALING only; resume from PAUSED only', () => {
    expect(refusePause(facts())).toBeUndefined();
    expect(refusePause(facts({ status: 'TRIALING' }))).toBeUndefined();
    expect(refusePause(facts({ status: 'PAUSED' }))?.code).toBe('invalid_state_transition');
    expect(refuseResume(facts({ status: 'PAUSED' }))).toBeUndefined();
    expect(refuseResume(facts())?.code).toBe('invalid_state_transition');
  });

  test('past due from ACTIVE (again is accepted), back to ACTIVE from PAST_DUE (again is accepted); nothing else', () => {
    for (const status of ['ACTIVE', 'PAST_DUE'] as const) {
      expect(refuseMarkPastDue(facts({ status }))).toBeUndefined();
      expect(refuseClearPastDue(facts({ status }))).toBeUndefined();
    }
    for (const status of ['TRIALING', 'PAUSED', 'CANCELED'] as const) {
      expect(refuseMarkPastDue(facts({ status }))?.code).toBe('invalid_state_transition');
      expect(refuseClearPastDue(facts({ status }))?.code).toBe('invalid_state_transition');
    }
  });

  test('the same plan is plan_unchanged; a paused or canceled subscription keeps its plan', () => {
    expect(refusePlanChange(facts(), 'plan_a')?.code).toBe('plan_unchanged');
    expect(refusePlanChange(facts(), 'plan_b')).toBeUndefined();
    expect(refusePlanChange(facts({ status: 'PAUSED' }), 'plan_b')?.code).toBe('invalid_state_transition');
    expect(refusePlanChange(facts({ status: 'CANCELED' }), 'plan_b')?.code).toBe('invalid_state_transition');
  });
});

describe('refusals decided by the stored status alone', () => {
  it.each<[SubscriptionStatus, LifecycleRequest, string | undefined]>([
    ['CANCELED', 'cancel', 'The subscription is canceled'],
    ['CANCELED', 'pause', 'The subscription is canceled'],
    ['CANCELED', 'resume', 'The subscription is canceled'],
    ['CANCELED', 'changePlan', 'The subscription is canceled'],
    ['ACTIVE', 'pause', undefined],
    ['TRIALING', 'pause', undefined],
    ['PAUSED', 'pause', 'Only an ACTIVE or TRIALING subscription can be paused, this one is PAUSED'],
    ['PAST_DUE', 'pause', 'Only an ACTIVE or TRIALING subscription can be paused, this one is PAST_DUE'],
    ['PAUSED', 'resume', undefined],
    ['ACTIVE', 'resume', 'Only a PAUSED subscription can be resumed, this one is ACTIVE'],
    ['TRIALING', 'resume', 'Only a PAUSED subscription can be resumed, this one is TRIALING'],
    // What else cancel and change-plan depend on (period end, the new plan) is the workflow's to decide.
    ['PAUSED', 'cancel', undefined],
    ['PAUSED', 'changePlan', undefined],
    ['PAST_DUE', 'changePlan', undefined],
  ])('a %s subscription asked to %s: %j', (status, request, message) => {
    const refusal = refuseByStatus(status, request);
    expect(refusal?.message).toBe(message);
    if (refusal !== undefined) expect(refusal.code).toBe('invalid_state_transition');
  });
});
