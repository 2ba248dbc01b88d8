import { buildOpenApiDocument } from '../../openapi/build-document';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks';
import { OUTBOUND_WEBHOOKS, WEBHOOK_PAYLOAD_SCHEMAS } from './payload-schemas';

interface Component {
  description?: string;
  example?: Record<string, unknown>;
  properties?: Record<string, { $ref?: string; enum?: unknown[] }>;
}

describe('outbound webhook payloads in the OpenAPI document', () => {
  const document = buildOpenApiDocument([], { version: 'test', extraSchemas: WEBHOOK_PAYLOAD_SCHEMAS }) as {
    components: { schemas: Record<string, Component> };
  };
  const { schemas } = document.components;

  test.each([
    ['invoice.paid', 'InvoicePaidWebhook', 'Invoice'],
    ['subscription.past_due', 'SubscriptionPastDueWebhook', 'Subscription'],
    ['payment.refunded', 'PaymentRefundedWebhook', 'PaymentRefundedWebhookData'],
    ['invoice.generation_failed', 'InvoiceGenerationFailedWebhook', 'InvoiceGenerationFailedWebhookData'],
  ])('%s is the envelope with its event fixed and the %s data', (event, name, data) => {
    const component = schemas[name];
    expect(component?.properties?.event?.enum).toEqual([event]);
    expect(component?.properties?.data?.$ref).toBe(`#/components/schemas/${data}`);
    expect(component?.example?.event).toBe(event);
    expect(component?.description).toContain('webhook-signature');
  });

  test('every SPEC §6.2 event has a component, named in the envelope’s description', () => {
    expect(WEBHOOK_PAYLOAD_SCHEMAS).toHaveLength(WEBHOOK_EVENT_TYPES.length + 1);
    expect(schemas.WebhookEnvelope?.description).toContain('SubscriptionCreatedWebhook');
    expect(Object.keys(schemas.PaymentWebhookData?.properties ?? {})).toEqual([
      'id',
      'invoiceId',
      'amount',
      'currency',
      'provider',
      'status',
    ]);
    // Money-free: the amount that failed is beyond what the API can present.
    expect(Object.keys(schemas.InvoiceGenerationFailedWebhookData?.properties ?? {})).toEqual([
      'subscriptionId',
      'customerId',
      'code',
      'message',
      'periodStart',
      'periodEnd',
    ]);
  });

  test('x-webhooks lists every event as the POST the tenant receives, with the signature headers and its body', () => {
    const withWebhooks = buildOpenApiDocument([], {
      version: 'test',
      extraSchemas: WEBHOOK_PAYLOAD_SCHEMAS,
      webhooks: OUTBOUND_WEBHOOKS,
    }) as {
      'x-webhooks': Record<
        string,
        {
          post: {
            operationId: string;
            parameters: { name: string; in: string; required: boolean }[];
            requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
            responses: Record<string, unknown>;
          };
        }
      >;
    };
    const webhooks = withWebhooks['x-webhooks'];
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const paid = webhooks['invoice.paid']?.post;
    expect(paid?.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/InvoicePaidWebhook');
    expect(paid?.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
      ['webhook-signature', 'header', true],
    ]);
    expect(Object.keys(paid?.responses ?? {})).toEqual(['2XX']);
    expect(paid?.operationId).toBe('invoicePaidWebhook');
    const operationIds = Object.values(webhooks).map((webhook) => webhook.post.operationId);
    expect(new Set(operationIds).size).toBe(WEBHOOK_EVENT_TYPES.length);
  });
});
