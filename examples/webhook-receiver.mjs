// A webhook receiver that verifies the platform's signatures (Standard Webhooks), with Node's standard library only.
//   BILLING_WEBHOOK_SECRET=whsec_... node examples/webhook-receiver.mjs [port]
// It prints `listening on <url>`, then one line per request: `verified <event> <id>` (answered 204) or
// `rejected: <reason>` (answered 400). Port 0 (the default) takes any free port.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const TOLERANCE_SECONDS = 5 * 60;
const secret = process.env.BILLING_WEBHOOK_SECRET ?? '';
if (!secret.startsWith('whsec_')) {
  console.error('set BILLING_WEBHOOK_SECRET to the tenant’s webhookSigningSecret (whsec_...) from GET /tenants/me');
  process.exit(1);
}
const key = Buffer.from(secret.slice('whsec_'.length), 'base64');

/** Why the request is not from the platform, or null when its signature and timestamp hold. */
function refusalOf(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'missing webhook-id, webhook-timestamp or webhook-signature';
  // A replayed request carries an old timestamp.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return 'timestamp out of tolerance';
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  // After a secret rotation the header carries two signatures for a day: either may match.
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'no signature matches';
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    // Verify the raw bytes as received, before parsing anything.
    const body = Buffer.concat(chunks);
    const refusal = refusalOf(request.headers, body);
    if (refusal !== null) {
      console.log(`rejected: ${refusal}`);
      response.writeHead(400).end();
      return;
    }
    const event = JSON.parse(body.toString('utf8'));
    // Answer at once; do the work afterwards. The same id may arrive more than once: deduplicate on it.
    response.writeHead(204).end();
    console.log(`verified ${event.event} ${event.id}`);
  });
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/webhooks`);
});
