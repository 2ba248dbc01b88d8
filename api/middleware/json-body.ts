import type { Middleware } from 'koa';
import { AppError } from '../../services/platform/errors';

declare module 'koa' {
  interface Request {
    body?: unknown;
    /** The body's bytes as received: inbound provider notifications are signed over them, not over parsed JSON. */
    rawBody?: Buffer;
  }
}

export const MIB = 1024 * 1024;

export interface JsonBodyOptions {
  /** Largest accepted body in bytes for a request path (CONTRACT §1: 1 MiB, 5 MiB for /events/batch). */
  limitFor: (path: string) => number;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Accepts JSON bodies only: 415 for other media types, 413 over the size limit, 400 for malformed JSON. */
export function jsonBody(options: JsonBodyOptions): Middleware {
  return async (ctx, next) => {
    if (METHODS_WITH_BODY.has(ctx.method) && hasBody(ctx.get('Content-Length'), ctx.get('Transfer-Encoding'))) {
      if (ctx.is('application/json', 'application/*+json') === false) {
        throw new AppError('invalid', 'unsupported_media_type', 'Content-Type must be application/json');
      }
      const encoding = ctx.get('Content-Encoding').toLowerCase();
      if (encoding !== '' && encoding !== 'identity') {
        throw new AppError('invalid', 'unsupported_media_type', `Content-Encoding ${encoding} is not supported`);
      }
      const bytes = await readBytes(ctx.req, options.limitFor(ctx.path), ctx.request.length);
      ctx.request.rawBody = bytes;
      ctx.request.body = parseJson(bytes.toString('utf8'));
    }
    await next();
  };
}

function hasBody(contentLength: string, transferEncoding: string): boolean {
  return transferEncoding !== '' || (contentLength !== '' && contentLength !== '0');
}

function tooLarge(limit: number): AppError {
  return new AppError('invalid', 'payload_too_large', `Request body exceeds the limit of ${limit} bytes`);
}

async function readBytes(
  stream: AsyncIterable<Buffer>,
  limit: number,
  declaredLength: number | undefined,
): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of stream) {
    received += chunk.length;
    if (received > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    const reason = error instanceof Error ? escapeControlCharacters(error.message) : 'unparseable';
    throw new AppError('invalid', 'invalid_json', `Malformed JSON body: ${reason}`);
  }
}

/** The parser quotes the body: its control characters (NUL among them) are shown escaped, never echoed raw. */
function escapeControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
