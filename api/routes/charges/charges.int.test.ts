import type { Json } from '../../../test/harness/api-client';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createIsolationPlan } from '../../../test/isolation/charges.factory';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

describe('charges (/charges)', () => {
  const { api, tenant, call, sql } = setUpResourceTest();
  let planId: string;
  let metricId: string;

  const context = () => ({
    owner: { id: tenant.tenantId, accessToken: tenant.accessToken, apiKey: tenant.apiKey },
    call: (token: string, method: string, path: string, body?: unknown) => call(method, path, { token, body }),
  });
  const newMetric = async (code: string) => {
    const body = {
      name: code,
      code,
      aggregationType: 'SUM',
      fieldName: 'bytes',
      filters: [{ key: 'region', values: ['eu', 'us', 'apac'] }],
    };
    const created = await call('POST', '/billable-metrics', { body });
    return String(created.body.id);
  };
  const charge = (fields: Json) => ({ planId, billableMetricId: metricId, ...fields });
  const create = (fields: Json) => call('POST', '/charges', { body: charge(fields) });
  const detailPaths = (body: Json) => (body.details as { path: string }[]).map((detail) => detail.path);
  const anchorRanges = [
    { fromValue: 0, toValue: 100, perUnitAmount: 1, flatAmount: 0 },
    { fromValue: 100, toValue: 200, perUnitAmount: 0.5, flatAmount: 0 },
    { fromValue: 200, toValue: null, perUnitAmount: 0.1, flatAmount: 0 },
  ];

  beforeEach(async () => {
    planId = await createIsolationPlan(context());
    metricId = await newMetric('bytes');
  });

  it.each([
    ['STANDARD', { amount: 0.000000000125 }],
    ['GRADUATED', { graduatedRanges: anchorRanges }],
    [
      'VOLUME',
      {
        volumeRanges: [
          { fromValue: 0, toValue: 10, perUnitAmount: 2 },
          { fromValue: 10, perUnitAmount: 1, flatAmount: 5 },
        ],
      },
    ],
    ['PACKAGE', { amount: 5, packageSize: 1000, freeUnits: 100 }],
    [
      'PERCENTAGE',
      { rate: 2.5, fixedAmount: 0.3, freeUnitsPerEvents: 3, perTransactionMin: 0.5, perTransactionMax: 50 },
    ],
  ])('creates a %s charge and reads it back', async (chargeModel, fields) => {
    const created = await create({ chargeModel, ...fields });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^chg_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      planId,
      billableMetricId: metricId,
      chargeModel,
      billingTiming: 'IN_ARREARS',
      invoiceDisplayName: null,
      minAmount: null,
      filters: [],
    });
    const read = await call('GET', `/charges/${String(created.body.id)}`);
    expect(read).toEqual({ status: 200, body: created.body });
  });

  it('keeps a unit price of 12 decimals exactly, defaults flat fees and leaves toValue out of the open range', async () => {
    const created = await create({
      chargeModel: 'GRADUATED',
      graduatedRanges: [
        { fromValue: 0, toValue: 10, perUnitAmount: 0.123456789012 },
        { fromValue: 10, perUnitAmount: 0 },
      ],
      minAmount: 10,
      invoiceDisplayName: 'Storage',
      billingTiming: 'IN_ARREARS',
    });
    expect(created.body).toMatchObject({
      graduatedRanges: [
        { fromValue: 0, toValue: 10, perUnitAmount: 0.123456789012, flatAmount: 0 },
        { fromValue: 10, perUnitAmount: 0, flatAmount: 0 },
      ],
      minAmount: 10,
      invoiceDisplayName: 'Storage',
      billingTiming: 'IN_ARREARS',
    });
    // SPEC: `toValue` is omitted on the last open range.
    expect(Object.keys((created.body.graduatedRanges as Record<string, unknown>[])[1] ?? {})).not.toContain('toValue');
  });

  it('takes ranges written from the unit after the previous toValue (Lago: 0-100, 101-200), as written; a gap is 400', async () => {
    const lagoRanges = [
      { fromValue: 0, toValue: 100, perUnitAmount: 1, flatAmount: 0 },
      { fromValue: 101, toValue: 200, perUnitAmount: 0.5, flatAmount: 0 },
      { fromValue: 201, perUnitAmount: 0.1, flatAmount: 0 },
    ];
    const created = await create({ chargeModel: 'GRADUATED', graduatedRanges: lagoRanges });
    expect(created.status).toBe(201);
    expect(created.body.graduatedRanges).toEqual(lagoRanges);
    const gap = await create({
      chargeModel: 'VOLUME',
      volumeRanges: [
        { fromValue: 0, toValue: 100, perUnitAmount: 1 },
        { fromValue: 102, perUnitAmount: 0.5 },
      ],
    });
    expect(gap.status).toBe(400);
    expect(detailPaths(gap.body)).toEqual(['body.volumeRanges.1.fromValue']);
  });

  it('refuses IN_ADVANCE timing on create and PATCH with 400 charge_timing_unsupported naming the field', async () => {
    const refusal = {
      status: 400,
      body: { error: 'charge_timing_unsupported', details: [{ path: 'body.billingTiming' }] },
    };
    expect(await create({ chargeModel: 'STANDARD', amount: 1, billingTiming: 'IN_ADVANCE' })).toMatchObject(refusal);
    expect((await call('GET', `/charges?planId=${planId}`)).body).toMatchObject({ meta: { total: 0 } });
    const id = String((await create({ chargeModel: 'STANDARD', amount: 1 })).body.id);
    expect(await call('PATCH', `/charges/${id}`, { body: { billingTiming: 'IN_ADVANCE' } })).toMatchObject(refusal);
    const repricing = { chargeModel: 'STANDARD', amount: 2, billingTiming: 'IN_ADVANCE' };
    expect(await call('PATCH', `/charges/${id}`, { body: repricing })).toMatchObject(refusal);
    expect((await call('GET', `/charges/${id}`)).body).toMatchObject({ billingTiming: 'IN_ARREARS', amount: 1 });
  });

  describe('PERCENTAGE prices a non-recurring SUM metric only (CONTRACT §10: the period’s units with the model)', () => {
    const percentage = { chargeModel: 'PERCENTAGE', rate: 10, fixedAmount: 1 };
    const metricOf = async (code: string, aggregationType: string, recurring = false) => {
      const fieldName = aggregationType === 'COUNT' ? {} : { fieldName: 'amount' };
      const body = { name: code, code, aggregationType, recurring, ...fieldName };
      const created = await call('POST', '/billable-metrics', { body });
      expect(created.status).toBe(201);
      return String(created.body.id);
    };
    const unsupported = (aggregation: string) => ({
      status: 409,
      body: {
        error: 'charge_model_unsupported',
        message: expect.stringContaining(`is ${aggregation}`) as unknown,
        details: [{ path: 'body.chargeModel', message: expect.stringContaining('non-recurring SUM') as unknown }],
      },
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
    ] as const)(
      'refuses it on a %s metric (recurring %s) with 409 charge_model_unsupported naming %s, on create and re-pricing',
      async (aggregationType, recurring, words) => {
        const billableMetricId = await metricOf(`m_${aggregationType.toLowerCase()}`, aggregationType, recurring);
        const refused = await call('POST', '/charges', { body: { planId, billableMetricId, ...percentage } });
        expect(refused).toMatchObject(unsupported(words));
        expect((await call('GET', `/charges?planId=${planId}`)).body).toMatchObject({ meta: { total: 0 } });
        // Every other model prices the metric; re-pricing it as PERCENTAGE is refused and changes nothing.
        const standard = await call('POST', '/charges', {
          body: { planId, billableMetricId, chargeModel: 'STANDARD', amount: 1 },
        });
        expect(standard.status).toBe(201);
        const id = String(standard.body.id);
        expect(await call('PATCH', `/charges/${id}`, { body: percentage })).toMatchObject(unsupported(words));
        expect((await call('GET', `/charges/${id}`)).body).toMatchObject({ chargeModel: 'STANDARD', amount: 1 });
      },
    );

    it('takes it on a non-recurring SUM metric, on create and on re-pricing', async () => {
      expect((await create(percentage)).body).toMatchObject({ chargeModel: 'PERCENTAGE', rate: 10, fixedAmount: 1 });
      const other = await metricOf('payments', 'SUM');
      const standard = await call('POST', '/charges', {
        body: { planId, billableMetricId: other, chargeModel: 'STANDARD', amount: 1 },
      });
      const repriced = await call('PATCH', `/charges/${String(standard.body.id)}`, { body: percentage });
      expect(repriced).toMatchObject({ status: 200, body: { chargeModel: 'PERCENTAGE', rate: 10 } });
    });

    it('refuses to make a SUM metric a PERCENTAGE charge prices recurring with 409 billable_metric_in_use', async () => {
      expect((await create(percentage)).status).toBe(201);
      const recurring = await call('PATCH', `/billable-metrics/${metricId}`, { body: { recurring: true } });
      expect(recurring).toMatchObject({
        status: 409,
        body: {
          error: 'billable_metric_in_use',
          message: expect.stringContaining('PERCENTAGE') as unknown,
          details: [{ path: 'body.recurring', message: expect.stringContaining('a recurring SUM metric') as unknown }],
        },
      });
      expect((await call('GET', `/billable-metrics/${metricId}`)).body).toMatchObject({ recurring: false });
      // Other changes of the metric, and `recurring` on a metric only unit models price, are taken.
      const renamed = await call('PATCH', `/billable-metrics/${metricId}`, {
        body: { name: 'Bytes', recurring: false },
      });
      expect(renamed).toMatchObject({ status: 200, body: { name: 'Bytes', recurring: false } });
      const storage = await metricOf('storage', 'SUM');
      await call('POST', '/charges', {
        body: { planId, billableMetricId: storage, chargeModel: 'STANDARD', amount: 1 },
      });
      const storageRecurring = await call('PATCH', `/billable-metrics/${storage}`, { body: { recurring: true } });
      expect(storageRecurring).toMatchObject({ status: 200, body: { recurring: true } });
    });

    it('leaves a PERCENTAGE charge stored on another metric before the rule as it is', async () => {
      const storage = await metricOf('storage', 'SUM', true);
      const created = await call('POST', '/charges', {
        body: { planId, billableMetricId: storage, chargeModel: 'STANDARD', amount: 1 },
      });
      const id = String(created.body.id);
      await sql(`update $schema.charges set charge_model = 'PERCENTAGE', properties = ?::jsonb where id = ?`, [
        JSON.stringify({
          rate: '10',
          fixedAmount: null,
          freeUnitsPerEvents: null,
          freeUnitsPerTotalAggregation: null,
          perTransactionMin: null,
          perTransactionMax: null,
        }),
        id,
      ]);
      expect((await call('GET', `/charges/${id}`)).body).toMatchObject({ chargeModel: 'PERCENTAGE', rate: 10 });
      // Settings alone and changes of the metric that keep its aggregation are taken; a re-pricing as PERCENTAGE
      // is refused until the metric is one PERCENTAGE prices.
      expect((await call('PATCH', `/charges/${id}`, { body: { minAmount: 2 } })).status).toBe(200);
      expect((await call('PATCH', `/billable-metrics/${storage}`, { body: { name: 'Storage' } })).status).toBe(200);
      const repricing = { ...percentage, rate: 5 };
      expect(await call('PATCH', `/charges/${id}`, { body: repricing })).toMatchObject(
        unsupported('a recurring SUM metric'),
      );
      expect((await call('PATCH', `/billable-metrics/${storage}`, { body: { recurring: false } })).status).toBe(200);
      expect(await call('PATCH', `/charges/${id}`, { body: repricing })).toMatchObject({
        status: 200,
        body: { rate: 5 },
      });
    });

    it('refuses one of a PERCENTAGE charge and a PATCH making its metric recurring, when they race', async () => {
      for (let round = 0; round < 10; round += 1) {
        const metric = await metricOf(`pct_race_${round}`, 'SUM');
        const [created, recurring] = await Promise.all([
          call('POST', '/charges', { body: { planId, billableMetricId: metric, ...percentage } }),
          call('PATCH', `/billable-metrics/${metric}`, { body: { recurring: true } }),
        ]);
        // Either the charge came first and the PATCH is refused, or the PATCH came first and the charge is refused.
        expect([
          [201, 409],
          [409, 200],
        ]).toContainEqual([created.status, recurring.status]);
        expect((await call('GET', `/billable-metrics/${metric}`)).body.recurring).toBe(created.status !== 201);
      }
    });
  });

  it('prices filter values of the metric with the charge model', async () => {
    const filters = [{ key: 'region', values: ['eu', 'us'], properties: { amount: 0.02 } }];
    const created = await create({ chargeModel: 'STANDARD', amount: 0.01, filters });
    expect(created.status).toBe(201);
    expect(created.body.filters).toEqual(filters);
    const narrowed = { filters: [{ key: 'region', values: ['eu'] }] };
    expect(await call('PATCH', `/billable-metrics/${metricId}`, { body: narrowed })).toMatchObject({
      status: 409,
      body: { error: 'billable_metric_in_use' },
    });
    const widened = { filters: [{ key: 'region', values: ['eu', 'us', 'mars'] }] };
    expect((await call('PATCH', `/billable-metrics/${metricId}`, { body: widened })).status).toBe(200);
  });

  it.each([
    [
      'a gap between ranges',
      { chargeModel: 'GRADUATED', graduatedRanges: [anchorRanges[0], { ...anchorRanges[2], fromValue: 150 }] },
      'body.graduatedRanges.1.fromValue',
    ],
    [
      'a first range not from 0',
      { chargeModel: 'VOLUME', volumeRanges: [{ fromValue: 1, perUnitAmount: 1 }] },
      'body.volumeRanges.0.fromValue',
    ],
    [
      'a closed last range',
      { chargeModel: 'GRADUATED', graduatedRanges: anchorRanges.slice(0, 2) },
      'body.graduatedRanges.1.toValue',
    ],
    ['13 decimals on a unit price', { chargeModel: 'STANDARD', amount: 0.0000000000001 }, 'body.amount'],
    ['a unit price of 1e20, beyond the largest amount', { chargeModel: 'STANDARD', amount: 1e20 }, 'body.amount'],
    ['a minAmount of 1e20', { chargeModel: 'STANDARD', amount: 1, minAmount: 1e20 }, 'body.minAmount'],
    [
      'a package of more than 10^12 units',
      { chargeModel: 'PACKAGE', amount: 1, packageSize: 1e13 },
      'body.packageSize',
    ],
    ['a rate with 5 decimals', { chargeModel: 'PERCENTAGE', rate: 1.00001 }, 'body.rate'],
    ['a rate above 100', { chargeModel: 'PERCENTAGE', rate: 101 }, 'body.rate'],
    [
      'min above max',
      { chargeModel: 'PERCENTAGE', rate: 1, perTransactionMin: 5, perTransactionMax: 1 },
      'body.perTransactionMax',
    ],
    ['a package of 0 units', { chargeModel: 'PACKAGE', amount: 1, packageSize: 0 }, 'body.packageSize'],
    ['another model’s field', { chargeModel: 'STANDARD', amount: 1, packageSize: 10 }, 'body.packageSize'],
    ['an unknown model', { chargeModel: 'TIERED', amount: 1 }, 'body.chargeModel'],
    [
      'an unknown filter key',
      { chargeModel: 'STANDARD', amount: 1, filters: [{ key: 'zone', values: ['eu'], properties: { amount: 1 } }] },
      'body.filters.0.key',
    ],
    [
      'an unknown filter value',
      { chargeModel: 'STANDARD', amount: 1, filters: [{ key: 'region', values: ['mars'], properties: { amount: 1 } }] },
      'body.filters.0.values.0',
    ],
    [
      'filter properties of another model',
      { chargeModel: 'STANDARD', amount: 1, filters: [{ key: 'region', values: ['eu'], properties: { rate: 1 } }] },
      'body.filters.0.properties.amount',
    ],
  ])('refuses %s with 400 naming the field first', async (_name, fields, path) => {
    const reply = await create(fields);
    expect(reply.status).toBe(400);
    // Only the problems of the body's own model are reported (discriminated on chargeModel), so the first is it.
    expect(detailPaths(reply.body)[0]).toBe(path);
    expect(reply.body.message).toContain(path);
  });

  it('refuses a re-pricing to an amount or minAmount of 1e20 with 400 naming the field', async () => {
    const id = String((await create({ chargeModel: 'STANDARD', amount: 1 })).body.id);
    const amount = await call('PATCH', `/charges/${id}`, { body: { chargeModel: 'STANDARD', amount: 1e20 } });
    expect([amount.status, detailPaths(amount.body)[0]]).toEqual([400, 'body.amount']);
    const minimum = await call('PATCH', `/charges/${id}`, { body: { minAmount: 1e20 } });
    expect([minimum.status, detailPaths(minimum.body)[0]]).toEqual([400, 'body.minAmount']);
  });

  it.each([
    ['STANDARD', 'amount'],
    ['GRADUATED', 'graduatedRanges'],
  ])('refuses a %s charge without %s with 400 naming that field, on create and on re-pricing', async (model, field) => {
    const missing = {
      status: 400,
      body: { error: 'validation_failed', details: [{ path: `body.${field}`, message: 'is required' }] },
    };
    expect(await create({ chargeModel: model })).toMatchObject(missing);
    expect((await create({ chargeModel: model })).body.details).toHaveLength(1);
    const id = String((await create({ chargeModel: 'PACKAGE', amount: 1, packageSize: 10 })).body.id);
    const repriced = await call('PATCH', `/charges/${id}`, { body: { chargeModel: model } });
    expect(repriced).toMatchObject(missing);
    expect(repriced.body.details).toHaveLength(1);
  });

  it('refuses one of a charge creation pricing a filter value and a PATCH removing it, when they race', async () => {
    for (let round = 0; round < 10; round += 1) {
      const metric = await newMetric(`race_${round}`);
      const [created, narrowed] = await Promise.all([
        call('POST', '/charges', {
          body: {
            planId,
            billableMetricId: metric,
            chargeModel: 'STANDARD',
            amount: 0.01,
            filters: [{ key: 'region', values: ['apac'], properties: { amount: 0.02 } }],
          },
        }),
        call('PATCH', `/billable-metrics/${metric}`, { body: { filters: [{ key: 'region', values: ['eu', 'us'] }] } }),
      ]);
      const statuses = [created.status, narrowed.status];
      // Either the charge came first and the PATCH is refused, or the PATCH came first and the charge is refused.
      expect([
        [201, 409],
        [400, 200],
      ]).toContainEqual(statuses);
      const values = ((await call('GET', `/billable-metrics/${metric}`)).body.filters as { values: string[] }[])[0];
      expect(values?.values.includes('apac')).toBe(created.status === 201);
    }
  });

  it('answers 404 naming the unknown plan or metric', async () => {
    const noPlan = await call('POST', '/charges', {
      body: { ...charge({ chargeModel: 'STANDARD', amount: 1 }), planId: 'plan_x' },
    });
    expect(noPlan).toMatchObject({ status: 404, body: { error: 'plan_not_found' } });
    const noMetric = await create({ chargeModel: 'STANDARD', amount: 1, billableMetricId: 'bm_x' });
    expect(noMetric).toMatchObject({ status: 404, body: { error: 'billable_metric_not_found' } });
  });

  it('answers 409 charge_exists for a second charge of the plan on the metric', async () => {
    expect((await create({ chargeModel: 'STANDARD', amount: 1 })).status).toBe(201);
    expect(await create({ chargeModel: 'PACKAGE', amount: 1, packageSize: 10 })).toMatchObject({
      status: 409,
      body: { error: 'charge_exists' },
    });
  });

  it('refuses to delete a metric a charge uses with 409 billable_metric_in_use', async () => {
    expect((await create({ chargeModel: 'STANDARD', amount: 1 })).status).toBe(201);
    expect(await call('DELETE', `/billable-metrics/${metricId}`)).toMatchObject({
      status: 409,
      body: { error: 'billable_metric_in_use' },
    });
  });

  it('answers 401 without a key and 403 without the plans scope, naming it', async () => {
    expect((await call('GET', '/charges', { token: null })).status).toBe(401);
    const metricsOnly = await createTenantFixture(api.orm, api.config, { scopes: ['metrics:write', 'plans:read'] });
    const refused = await call('POST', '/charges', {
      token: metricsOnly.apiKey,
      body: charge({ chargeModel: 'STANDARD', amount: 1 }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('plans:write');
  });

  it('answers 404 for an unknown charge and another tenant’s charge or plan', async () => {
    const id = String((await create({ chargeModel: 'STANDARD', amount: 1 })).body.id);
    expect((await call('GET', '/charges/chg_unknown')).body.error).toBe('charge_not_found');
    const other = await createTenantFixture(api.orm, api.config);
    expect((await call('GET', `/charges/${id}`, { token: other.apiKey })).status).toBe(404);
    expect((await call('DELETE', `/charges/${id}`, { token: other.apiKey })).status).toBe(404);
    expect((await call('PATCH', `/charges/${id}`, { token: other.apiKey, body: { minAmount: 1 } })).status).toBe(404);
    expect(await call('GET', `/charges/plan/${planId}`, { token: other.apiKey })).toMatchObject({
      status: 404,
      body: { error: 'plan_not_found' },
    });
    const foreign = await call('POST', '/charges', {
      token: other.apiKey,
      body: charge({ chargeModel: 'STANDARD', amount: 1 }),
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'plan_not_found' } });
  });

  it('lists charges newest first, of all plans or of one, with the envelope', async () => {
    const otherPlan = await createIsolationPlan(context());
    const ids: string[] = [];
    for (const [plan, code] of [
      [planId, 'm1'],
      [planId, 'm2'],
      [otherPlan, 'm3'],
    ] as const) {
      const billableMetricId = await newMetric(code);
      const created = await call('POST', '/charges', {
        body: { planId: plan, billableMetricId, chargeModel: 'STANDARD', amount: 1 },
      });
      ids.push(String(created.body.id));
    }
    const all = await call('GET', '/charges?limit=2');
    expect((all.body.data as Json[]).map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    const ofPlan = await call('GET', `/charges?planId=${planId}`);
    expect((ofPlan.body.data as Json[]).map((row) => row.id)).toEqual([ids[1], ids[0]]);
    const byPath = await call('GET', `/charges/plan/${planId}?page=2&limit=1`);
    expect(byPath.body).toMatchObject({ data: [{ id: ids[0] }], meta: { total: 2, page: 2, limit: 1, totalPages: 2 } });
  });

  it('updates settings, re-prices with another model, and keeps plan and metric immutable', async () => {
    const id = String((await create({ chargeModel: 'STANDARD', amount: 1 })).body.id);
    const settings = await call('PATCH', `/charges/${id}`, { body: { billingTiming: 'IN_ARREARS', minAmount: 2.5 } });
    expect(settings).toMatchObject({ status: 200, body: { billingTiming: 'IN_ARREARS', minAmount: 2.5, amount: 1 } });
    const repriced = await call('PATCH', `/charges/${id}`, {
      body: { chargeModel: 'GRADUATED', graduatedRanges: anchorRanges },
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({ chargeModel: 'GRADUATED', billingTiming: 'IN_ARREARS', minAmount: 2.5 });
    expect(repriced.body).not.toHaveProperty('amount');
    expect((await call('PATCH', `/charges/${id}`, { body: { planId } })).status).toBe(400);
    const badRanges = await call('PATCH', `/charges/${id}`, {
      body: { chargeModel: 'VOLUME', volumeRanges: [{ fromValue: 5, perUnitAmount: 1 }] },
    });
    expect(detailPaths(badRanges.body)).toContain('body.volumeRanges.0.fromValue');
  });

  it('deletes a charge, then answers 404', async () => {
    const id = String((await create({ chargeModel: 'STANDARD', amount: 1 })).body.id);
    expect(await call('DELETE', `/charges/${id}`)).toMatchObject({ status: 200, body: { id } });
    expect((await call('GET', `/charges/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/billable-metrics/${metricId}`)).status).toBe(200);
  });
});
