import type { TSchema } from '@sinclair/typebox';
import { buildRouting, createApp } from '../../app';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks';
import { serve } from '../../../test/harness/http-server';
import { useAppDepsWithoutTemporal } from '../../../test/harness/app-deps-without-temporal';
import { webhookPayloadSchemaOf } from '../webhook-events/payload-schemas';

const deps = useAppDepsWithoutTemporal();

async function fetchText(path: string): Promise<{ status: number; type: string | null; text: string }> {
  const server = await serve(createApp(deps));
  try {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  } finally {
    await server.close();
  }
}

/** The names of the properties of `data` in an event's payload schema, as the payloads are built from it. */
function dataFieldsOf(event: (typeof WEBHOOK_EVENT_TYPES)[number]): string[] {
  const payload = webhookPayloadSchemaOf(event) as TSchema & { properties: { data: TSchema } };
  const data = payload.properties.data as TSchema & { properties?: Record<string, unknown> };
  return Object.keys(data.properties ?? {});
}

describe('the webhooks reference page (GET /api/docs/webhooks)', () => {
  let page: string;

  beforeAll(async () => {
    const reply = await fetchText('/api/docs/webhooks');
    expect([reply.status, reply.type]).toEqual([200, 'text/html; charset=utf-8']);
    page = reply.text;
  });

  it.each(WEBHOOK_EVENT_TYPES.map((event) => [event]))('shows %s with every field of its payload', (event) => {
    const start = page.indexOf(`<section id="event-${event.replace(/[^a-z0-9]+/gi, '-')}">`);
    expect(start).toBeGreaterThan(-1);
    const end = page.indexOf('</section>', start);
    const section = page.slice(start, end);
    expect(section).toContain(`<h2><code>${event}</code></h2>`);
    const fields = dataFieldsOf(event);
    expect(fields.length).toBeGreaterThan(2);
    for (const field of ['id', 'event', 'timestamp', 'data', ...fields.map((name) => `data.${name}`)]) {
      expect(section).toContain(`<tr><td><code>${field}</code></td>`);
    }
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      expect(section).toContain(`<code>${header}</code>`);
    }
    // The example is the sample the test event sends: the event's own type in its envelope.
    expect(section).toContain(`&#34;event&#34;: &#34;${event}&#34;`);
  });

  it('shows nested fields, the envelope and where the signing secret comes from', () => {
    expect(page).toContain('<tr><td><code>data.lines[].amount</code></td>');
    expect(page).toContain('<tr><td><code>data.refund.id</code></td>');
    expect(page).toContain('<code>webhookSigningSecret</code>');
    expect(page).toContain('<code>GET /api/tenants/me</code>');
    expect(page).toContain('<code>POST /api/tenants/me/webhook-secret/rotate</code>');
  });

  it('lists exactly the events of the OpenAPI document’s x-webhooks', () => {
    const document = buildRouting(deps).document as { 'x-webhooks': Record<string, unknown> };
    const listed = [...page.matchAll(/<section id="event-[^"]+">\s*<h2><code>([^<]+)<\/code>/g)].map(
      (match) => match[1],
    );
    expect(listed).toEqual(Object.keys(document['x-webhooks']));
    expect([...listed].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it('is linked from the reference’s description', async () => {
    const reply = await fetchText('/api/openapi.json');
    const document = JSON.parse(reply.text) as { info: { description: string } };
    expect(document.info.description).toContain('[/api/docs/webhooks](/api/docs/webhooks)');
  });
});
