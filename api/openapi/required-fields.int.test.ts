import { apiClient, type ApiReply, type Json } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import {
  requestBodiesOf,
  withoutField,
  type DocumentedBody,
  type OpenApiDocument,
} from '../../test/checks/openapi-request-bodies';
import { RELAXED_RATE_LIMITS, registerTenant } from '../../test/fixtures/register-tenant';

interface Detail {
  path: string;
  message: string;
}

// What ajv says about a union as a whole: it names no field, so it must never reach a client.
const UNION_NOISE = /must NOT be valid|must match (a schema in anyOf|exactly one schema in oneOf)/;

// Usage events name an unknown subscription as a field of the 400 (a batch is refused whole), after the schema passed.
const LOOKUP_REFUSAL = 'is not a known subscription';

const detailsOf = (reply: ApiReply) => (reply.body.details ?? []) as Detail[];

/** At its path, or, for "give A or B" without either, in the message of the other one's ("is required (or A)"). */
const namesField = (detail: Detail, field: string) => {
  const name = field.split('.').pop() ?? field;
  return detail.path === `body.${field}` || detail.message === `is required (or ${name})`;
};

/**
 * Walks the served OpenAPI document: every operation with a JSON body, each example body it documents (each branch
 * of a union, each provider of the payment provider body), first sent whole, which the validator must accept, then
 * once without each required field, which must be a 400 naming that field. Path ids are made up: the body is
 * validated before any lookup, so a valid body meets a 404 and an invalid one a 400.
 */
describe('every request body field the document requires', () => {
  let api: TestApi;
  let bodies: DocumentedBody[];
  let apiKey: string;
  let accessToken: string;

  beforeAll(async () => {
    api = await startTestApi({ env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_PER_MINUTE: '1000000' } });
    const registration = await registerTenant(api);
    apiKey = registration.apiKey;
    accessToken = registration.accessToken;
    const document = await apiClient(() => ({ baseUrl: api.url }))<OpenApiDocument>('GET', '/api/openapi.json');
    bodies = requestBodiesOf(document.body);
  });
  afterAll(() => api.close());

  const send = apiClient(() => ({ baseUrl: api.url }));
  const call = (route: DocumentedBody, body: unknown) => {
    const [scheme] = ((route.operation.security ?? []) as Json[]).flatMap((requirement) => Object.keys(requirement));
    const token = scheme === undefined ? null : scheme === 'apiKey' ? apiKey : accessToken;
    const url = route.path.replace(/\{[A-Za-z0-9_]+\}/g, 'x');
    return send(route.method, url, { token, body: body as Json });
  };

  it('documents bodies of every kind: plain, discriminated by chargeModel, and per provider', () => {
    const names = bodies.flatMap((route) => route.variants.map((variant) => `${route.path} ${variant.name}`));
    expect(bodies.length).toBeGreaterThan(30);
    expect(names).toEqual(
      expect.arrayContaining([
        '/api/charges chargeModel STANDARD',
        '/api/charges chargeModel GRADUATED',
        '/api/charges/{id} chargeModel PERCENTAGE',
        '/api/payment-providers provider MPESA',
      ]),
    );
  });

  it('accepts each documented example body', async () => {
    const problems: string[] = [];
    for (const route of bodies) {
      for (const variant of route.variants) {
        const reply = await call(route, variant.body);
        const refused = detailsOf(reply).filter((detail) => detail.message !== LOOKUP_REFUSAL);
        if (reply.body.error === 'validation_failed' && refused.length > 0) {
          problems.push(`${route.method} ${route.path} ${variant.name}: ${JSON.stringify(reply.body.details)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 naming each required field left out of an example body, and nothing about the union', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of bodies) {
      for (const variant of route.variants) {
        for (const field of variant.requiredPaths) {
          const reply = await call(route, withoutField(variant.body, field));
          const details = detailsOf(reply);
          checked += 1;
          const named = details.some((detail) => namesField(detail, field));
          if (reply.status !== 400 || !named || details.some((detail) => UNION_NOISE.test(detail.message))) {
            const what = `${route.method} ${route.path} ${variant.name} without ${field}`;
            problems.push(`${what}: ${reply.status} ${JSON.stringify(details)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
