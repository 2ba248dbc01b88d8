import { CHARGE_MODELS } from '../charge-models';
import { AGGREGATION_TYPES } from '../metering';
import { checkModelPricesMetric } from './priceable-metric';

describe('checkModelPricesMetric', () => {
  const shapes = AGGREGATION_TYPES.flatMap((aggregationType) => [
    { aggregationType, recurring: false },
    { aggregationType, recurring: true },
  ]);

  it.each(CHARGE_MODELS.filter((model) => model !== 'PERCENTAGE'))('lets %s price every metric', (model) => {
    for (const shape of shapes) expect(checkModelPricesMetric(model, shape)).toEqual({ ok: true });
  });

  it('lets PERCENTAGE price a non-recurring SUM metric, the amounts of the period’s events', () => {
    expect(checkModelPricesMetric('PERCENTAGE', { aggregationType: 'SUM', recurring: false })).toEqual({ ok: true });
  });

  it.each([
    ['COUNT', false, 'a COUNT metric'],
    ['MAX', false, 'a MAX metric'],
    ['LATEST', false, 'a LATEST metric'],
    ['UNIQUE_COUNT', false, 'a UNIQUE_COUNT metric'],
    ['WEIGHTED_SUM', false, 'a WEIGHTED_SUM metric'],
    ['SUM', true, 'a recurring SUM metric'],
    ['UNIQUE_COUNT', true, 'a recurring UNIQUE_COUNT metric'],
    ['WEIGHTED_SUM', true, 'a recurring WEIGHTED_SUM metric'],
  ] as const)('refuses PERCENTAGE on a %s metric (recurring %s), naming it %s', (aggregationType, recurring, words) => {
    expect(checkModelPricesMetric('PERCENTAGE', { aggregationType, recurring })).toEqual({
      ok: false,
      error: {
        code: 'charge_model_unsupported',
        model: 'PERCENTAGE',
        needs: expect.stringContaining('a non-recurring SUM billable metric') as unknown,
        aggregation: words,
      },
    });
  });
});
