import type { MetricsExporterConfig } from '@temporalio/worker';
import type { MetricsConfig } from '../infra/config';
import { findFreePort } from '../infra/net/wait-for-port';

/**
 * The Temporal SDK's own Prometheus exporter (Rust core: pollers, task slots, schedule-to-start latencies, workflow
 * task failures), named as Prometheus expects (`_total` counters, durations in `_seconds`). It listens on an address
 * of its own without authentication: loopback by default, relayed by the worker's `/metrics`.
 */
export function temporalMetricsExporter(config: Pick<MetricsConfig, 'temporalExporterAddress'>): MetricsExporterConfig {
  return {
    prometheus: {
      bindAddress: config.temporalExporterAddress,
      countersTotalSuffix: true,
      unitSuffix: true,
      useSecondsForDurations: true,
    },
  };
}

/**
 * The exporter's address with a concrete port: port 0 (tests and benches running several workers on one host) takes
 * a free one here, since the worker must know where to read what the exporter binds.
 */
export async function resolveExporterAddress(address: string): Promise<string> {
  const separator = address.lastIndexOf(':');
  const host = address.slice(0, separator);
  if (address.slice(separator + 1) !== '0') return address;
  return `${host}:${await findFreePort(host.replace(/^\[(.*)\]$/, '$1'))}`;
}
