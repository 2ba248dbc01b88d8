import { paymentWorkflowId, subscriptionWorkflowId, walletWorkflowId, webhookDeliveryWorkflowId } from './workflow-ids';

describe('workflow ids', () => {
  test.each([
    ['subscription', subscriptionWorkflowId, 'subscription:tn_1:sub_9'],
    ['webhook delivery', webhookDeliveryWorkflowId, 'webhook:tn_1:sub_9'],
    ['payment', paymentWorkflowId, 'payment:tn_1:sub_9'],
    ['wallet', walletWorkflowId, 'wallet:tn_1:sub_9'],
  ])('builds the %s id from the tenant and the business key', (_kind, build, expected) => {
    expect(build('tn_1', 'sub_9')).toBe(expected);
  });

  test('gives the same id for the same business key, so a second start is rejected as a duplicate', () => {
    expect(subscriptionWorkflowId('tn_1', 'sub_9')).toBe(subscriptionWorkflowId('tn_1', 'sub_9'));
  });

  test('keeps tenants apart for the same key', () => {
    expect(paymentWorkflowId('tn_1', 'pay_1')).not.toBe(paymentWorkflowId('tn_2', 'pay_1'));
  });

  test.each([
    ['an empty tenant id', '', 'sub_9'],
    ['an empty key', 'tn_1', ''],
    ['a separator in the tenant id', 'tn:1', 'sub_9'],
    ['a separator in the key', 'tn_1', 'sub:9'],
  ])('rejects %s, which could make two keys collide', (_case, tenantId, key) => {
    expect(() => subscriptionWorkflowId(tenantId, key)).toThrow(TypeError);
  });
});
