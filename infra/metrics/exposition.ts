import type { Registry } from 'prom-client';

/** Prometheus' text exposition format, version 0.0.4: what every registry and the Temporal SDK's exporter write. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * One scrape's text from several registries (and text already in exposition format, like the Temporal SDK's):
 * their metric names never overlap (`billing_`, `process_`/`nodejs_`, `temporal_`), so concatenation is valid.
 */
export async function expositionOf(registries: readonly Registry[], texts: readonly string[] = []): Promise<string> {
  const parts = [...(await Promise.all(registries.map((registry) => registry.metrics()))), ...texts];
  return parts
    .map((part) => part.trimEnd())
    .filter((part) => part !== '')
    .map((part) => `${part}\n`)
    .join('');
}
