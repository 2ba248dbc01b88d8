/** Reads a response body up to `maxBytes` as UTF-8: a provider or receiver cannot make us buffer more than that. */
export async function readCappedText(body: AsyncIterable<Buffer>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= maxBytes) break;
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/** A network failure in words an operator can act on: "timed out", or the socket's own reason (ECONNREFUSED …). */
export function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
  return error.cause instanceof Error ? error.cause.message : error.message;
}
