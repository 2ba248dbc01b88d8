import type { Context } from 'koa';

/** A page form holds a token and a few short fields; anything larger is not one of ours. */
const MAX_FORM_BYTES = 8 * 1024;

/**
 * The fields of a page form (`application/x-www-form-urlencoded`, what a browser sends without script); undefined
 * for another type or a body over the limit. The page is mounted before the API's JSON body parser, which refuses
 * every other type.
 */
export async function readFormBody(ctx: Context): Promise<URLSearchParams | undefined> {
  if (ctx.request.type !== 'application/x-www-form-urlencoded') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
