import { schemaFields, type OpenApiSchema, type SchemaField } from './schema-fields';

/**
 * `GET /api/docs/webhooks`: every outbound webhook event with its payload, rendered from the served OpenAPI
 * document's `x-webhooks` and components, which `payload-schemas.ts` builds from the same schemas the payloads are
 * built from. The document is OpenAPI 3.0, whose `webhooks` swagger-ui does not render; this page is linked from the
 * reference's description instead.
 */

export const WEBHOOKS_PAGE_PATH = '/api/docs/webhooks';

interface WebhookOperation {
  summary?: string;
  parameters?: { name: string; description?: string }[];
  requestBody?: { content?: { 'application/json'?: { schema?: OpenApiSchema } } };
}

interface Document {
  'x-webhooks'?: Record<string, { post?: WebhookOperation }>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** `code` spans, the only markdown the descriptions use. */
const inline = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const anchorOf = (event: string): string => `event-${event.replace(/[^a-z0-9]+/gi, '-')}`;

export function renderWebhooksPage(document: object): string {
  const { 'x-webhooks': webhooks = {}, components = {} } = document as Document;
  const schemas = components.schemas ?? {};
  const events = Object.entries(webhooks);
  const sections = events.map(([event, item]) => eventSection(event, item.post ?? {}, schemas));
  const index = events.map(([event]) => `<li><a href="#${anchorOf(event)}"><code>${escapeHtml(event)}</code></a></li>`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Outbound webhooks: Billing Platform API reference</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <p><a href="/api/docs">← API reference</a></p>
      <h1>Outbound webhooks</h1>
      ${INTRODUCTION}
      <h2>Events</h2>
      <ul class="index">${index.join('')}</ul>
      ${sections.join('\n')}
    </main>
  </body>
</html>
`;
}

const INTRODUCTION = `
      <p>Each event is sent as <code>POST</code> to the <code>webhookUrl</code> of your tenant
        (<code>PATCH /api/tenants/me</code>) with <code>content-type: application/json</code>. The body is an envelope:
        <code>id</code> (the event id, the same on every attempt: deduplicate on it), <code>event</code> (the type),
        <code>timestamp</code> (when the change happened) and <code>data</code> (the affected record, by event below).</p>
      <p>Requests are signed per Standard Webhooks: headers <code>webhook-id</code>, <code>webhook-timestamp</code>
        (unix seconds) and <code>webhook-signature</code>, space-separated <code>v1,&lt;base64 HMAC-SHA256&gt;</code>
        signatures of <code>&lt;webhook-id&gt;.&lt;webhook-timestamp&gt;.&lt;raw body&gt;</code>. The key is the base64
        part of the signing secret <code>whsec_…</code>, the <code>webhookSigningSecret</code> field of
        <code>GET /api/tenants/me</code> (<code>POST /api/tenants/me/webhook-secret/rotate</code> replaces it; both
        secrets sign for 24 hours after a rotation). Reject timestamps more than 5 minutes from your clock.</p>
      <p>Answer any 2xx within 30 s; otherwise the event is retried 5 min, 30 min, 2 h and 24 h after it happened.
        Events are not delivered in the order they happened: order by <code>timestamp</code> where it matters.
        <code>POST /api/tenants/me/webhook-events/test</code> sends a signed sample of any event.</p>`;

function eventSection(event: string, operation: WebhookOperation, schemas: Record<string, OpenApiSchema>): string {
  const body = operation.requestBody?.content?.['application/json']?.schema ?? {};
  const ref = typeof body.$ref === 'string' ? body.$ref.replace('#/components/schemas/', '') : undefined;
  const component = ref === undefined ? body : (schemas[ref] ?? {});
  const headers = (operation.parameters ?? []).map(
    (header) => `<li><code>${escapeHtml(header.name)}</code>: ${inline(header.description ?? '')}</li>`,
  );
  const example = component.example === undefined ? '' : JSON.stringify(component.example, null, 2);
  return `
      <section id="${anchorOf(event)}">
        <h2><code>${escapeHtml(event)}</code></h2>
        <p>${inline(operation.summary ?? '')}.${ref === undefined ? '' : ` Schema <code>${escapeHtml(ref)}</code>.`}</p>
        <h3>Headers</h3>
        <ul>${headers.join('')}</ul>
        <h3>Payload</h3>
        ${fieldTable(schemaFields(component, schemas))}
        <details><summary>Example</summary><pre>${escapeHtml(example)}</pre></details>
      </section>`;
}

function fieldTable(fields: readonly SchemaField[]): string {
  const rows = fields.map(
    (field) =>
      `<tr><td><code>${escapeHtml(field.path)}</code></td><td>${escapeHtml(field.type)}</td>` +
      `<td>${field.required ? 'always' : 'optional'}</td><td>${inline(field.description)}</td></tr>`,
  );
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Present</th><th>Description</th></tr></thead>
          <tbody>${rows.join('')}</tbody></table>`;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1b1b1b; }
  main { max-width: 72rem; margin: 0 auto; padding: 1rem 2rem 4rem; }
  code { font-family: ui-monospace, monospace; font-size: 0.9em; }
  table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
  th, td { border-bottom: 1px solid #ddd; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
  section { border-top: 2px solid #eee; margin-top: 2rem; }
  pre { background: #f6f6f6; padding: 0.75rem; overflow-x: auto; }
  ul.index { columns: 3; }
`;
