import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createTimeSkippingTestEnv, TIME_SKIPPING_NAMESPACE } from '../../test/harness/temporal-env';
import { loadConfig } from '../config';
import { createTemporalClient } from './client';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/shared/search-attribute-keys';
import { registerSearchAttributes } from './search-attributes';

const names = CUSTOM_SEARCH_ATTRIBUTES.map((key) => key.name);

describe('registerSearchAttributes on real servers', () => {
  test('on the dev server finds the attributes it was started with and adds nothing', async () => {
    const config = loadConfig();
    const temporal = await createTemporalClient(config);
    try {
      await expect(
        registerSearchAttributes({
          connection: temporal.connection,
          namespace: config.temporal.namespace,
          keys: CUSTOM_SEARCH_ATTRIBUTES,
        }),
      ).resolves.toEqual([]);
      const { customAttributes } = await temporal.connection.operatorService.listSearchAttributes({
        namespace: config.temporal.namespace,
      });
      expect(Object.keys(customAttributes)).toEqual(expect.arrayContaining(names));
    } finally {
      await temporal.close();
    }
  });

  describe('on the time-skipping server', () => {
    let env: TestWorkflowEnvironment;

    beforeAll(async () => {
      env = await createTimeSkippingTestEnv();
    });

    afterAll(async () => {
      await env.teardown();
    });

    test('runs again without error after the harness registered them', async () => {
      await expect(
        registerSearchAttributes({
          connection: env.connection,
          namespace: TIME_SKIPPING_NAMESPACE,
          keys: CUSTOM_SEARCH_ATTRIBUTES,
        }),
      ).resolves.toEqual([]);
      await expect(
        registerSearchAttributes({
          connection: env.connection,
          namespace: TIME_SKIPPING_NAMESPACE,
          keys: CUSTOM_SEARCH_ATTRIBUTES,
        }),
      ).resolves.toEqual([]);
    });
  });
});
