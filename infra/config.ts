import { ConfigError } from './config-error';

/**
 * The whole runtime configuration, built once from the environment (CONTRACT.md §9).
 * This module is the only reader of `process.env`: everything else receives a `Config`.
 */
export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  databaseUrl: string;
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    uiPort: number;
    /** Workflows the worker keeps in memory (sticky execution); 0 replays each workflow task from history. */
    workerMaxCachedWorkflows: number;
    /**
     * A workflow bundle file to run instead of the worker's own (`npm run build` writes one): the compiled worker
     * defaults to the build's, the worker run from sources bundles at start when this is null.
     */
    workflowBundlePath: string | null;
  };
  jwtSecret: string;
  /** 32 bytes, for provider credentials and SMTP passwords at rest (AES-256-GCM). */
  encryptionKey: Buffer;
  publicUrl: string;
  /** The API's public origin, for the callback URLs payment providers post to (CONTRACT §9; default PUBLIC_URL). */
  apiPublicUrl: string;
  smtpUrl: string | null;
  /**
   * Whether SMTP may log in over a connection that is neither TLS from the first byte nor upgraded by STARTTLS
   * (a local test server); false sends a password only over TLS.
   */
  smtpAllowInsecureAuth: boolean;
  /**
   * Invoice e-mails (sends and dunning reminders) a tenant without SMTP settings of its own may send through the
   * platform's server (SMTP_URL) per UTC day; 0 sends none.
   */
  platformMailPerDay: number;
  rateLimit: {
    perMinute: number;
    anonymousPerMinute: number;
    loginPerMinute: number;
  };
  webhookAllowPrivateTargets: boolean;
  /**
   * Whether tenants may configure the SANDBOX payment provider and its checkout page is served. Its payments move no
   * money, so a production platform offers it only when the operator says so.
   */
  paymentSandboxEnabled: boolean;
  /** Reverse proxies in front of the API that append the client's address to X-Forwarded-For (0: none). */
  trustedProxyCount: number;
  metrics: MetricsConfig;
  logLevel: LogLevel;
  tracing: TracingConfig;
}

/**
 * OpenTelemetry tracing, off unless OTEL_TRACES_EXPORTER=otlp (the standard variables, so operators set what they
 * set for any OpenTelemetry service). Where spans go (OTEL_EXPORTER_OTLP_*) and the service name are read by the
 * OpenTelemetry exporter and resource detector themselves, as the specification defines them.
 */
export interface TracingConfig {
  enabled: boolean;
}

/** Prometheus scraping of the API (`GET /metrics` on its port) and of the worker (a port of its own). */
export interface MetricsConfig {
  /** Bearer token both `/metrics` endpoints require; null leaves them open (keep them off public networks then). */
  token: string | null;
  /** Interface the worker's metrics server binds; loopback unless a scraper on another host must reach it. */
  host: string;
  /** The worker's metrics port; 0 takes any free port (tests). */
  workerPort: number;
  /**
   * host:port the Temporal SDK's own Prometheus exporter binds inside the worker. The worker's `/metrics` relays it,
   * so it stays on loopback: it has no authentication of its own.
   */
  temporalExporterAddress: string;
}

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** PLATFORM_MAIL_PER_DAY's default, also the cap of a worker configured without it. */
export const DEFAULT_PLATFORM_MAIL_PER_DAY = 100;

type Env = Readonly<Record<string, string | undefined>>;

const NODE_ENVS: readonly NodeEnv[] = ['development', 'test', 'production'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const TRACES_EXPORTERS = ['none', 'otlp'] as const;

// Development and test get fixed insecure secrets so a fresh clone runs; production must set its own.
const DEV_JWT_SECRET = 'development-only-jwt-secret-change-me';
const DEV_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** Builds the configuration, or throws a ConfigError listing every problem found. */
export function loadConfig(env: Env = process.env): Config {
  const reader = new EnvReader(env);
  const nodeEnv = reader.oneOf('NODE_ENV', NODE_ENVS, 'development');
  const insecureDefaultsAllowed = nodeEnv !== 'production';
  const port = reader.integer('PORT', 3000, { min: 0, max: 65535 });
  // Read once: it is also the API's public origin by default, and a bad value is one problem, listed once.
  const publicUrl = reader.url('PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']).replace(/\/+$/, '');
  const config: Config = {
    nodeEnv,
    port,
    databaseUrl: reader.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/billing', ['postgres:', 'postgresql:']),
    temporal: {
      address: reader.hostPort('TEMPORAL_ADDRESS', '127.0.0.1:7233'),
      namespace: reader.string('TEMPORAL_NAMESPACE', 'default'),
      taskQueue: reader.string('TEMPORAL_TASK_QUEUE', 'billing'),
      uiPort: reader.integer('TEMPORAL_UI_PORT', 8233, { min: 1, max: 65535 }),
      workerMaxCachedWorkflows: reader.integer('TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS', 1000, { min: 0 }),
      workflowBundlePath: reader.optional('TEMPORAL_WORKFLOW_BUNDLE', { minLength: 1 }),
    },
    jwtSecret: insecureDefaultsAllowed
      ? reader.string('JWT_SECRET', DEV_JWT_SECRET, { minLength: 32 })
      : reader.required('JWT_SECRET', { minLength: 32 }),
    encryptionKey: reader.key32('ENCRYPTION_KEY', insecureDefaultsAllowed ? DEV_ENCRYPTION_KEY : undefined),
    publicUrl,
    apiPublicUrl: reader.optionalUrl('API_PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? publicUrl,
    smtpUrl: reader.optionalUrl('SMTP_URL', ['smtp:', 'smtps:']),
    smtpAllowInsecureAuth: reader.boolean('SMTP_ALLOW_INSECURE_AUTH', false),
    platformMailPerDay: reader.integer('PLATFORM_MAIL_PER_DAY', DEFAULT_PLATFORM_MAIL_PER_DAY, { min: 0 }),
    rateLimit: {
      perMinute: reader.integer('RATE_LIMIT_PER_MINUTE', 100, { min: 1 }),
      anonymousPerMinute: reader.integer('RATE_LIMIT_ANONYMOUS_PER_MINUTE', 60, { min: 1 }),
      loginPerMinute: reader.integer('RATE_LIMIT_LOGIN_PER_MINUTE', 10, { min: 1 }),
    },
    webhookAllowPrivateTargets: reader.boolean('WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    paymentSandboxEnabled: reader.boolean('PAYMENT_SANDBOX_ENABLED', nodeEnv !== 'production'),
    trustedProxyCount: reader.integer('TRUSTED_PROXY_COUNT', 0, { min: 0, max: 10 }),
    metrics: {
      token: reader.optional('METRICS_TOKEN', { minLength: 16 }),
      host: reader.host('METRICS_HOST', '127.0.0.1'),
      workerPort: reader.integer('WORKER_METRICS_PORT', 9464, { min: 0, max: 65535 }),
      temporalExporterAddress: reader.hostPort('TEMPORAL_METRICS_ADDRESS', '127.0.0.1:9465'),
    },
    logLevel: reader.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    tracing: readTracing(reader),
  };
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return config;
}

/**
 * The tracing part alone: tracing starts before the rest of the process is imported (its instrumentations patch
 * modules as they load), before `loadConfig` reports every other problem.
 */
export function loadTracingConfig(env: Env = process.env): TracingConfig {
  const reader = new EnvReader(env);
  const tracing = readTracing(reader);
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return tracing;
}

function readTracing(reader: EnvReader): TracingConfig {
  const disabled = reader.boolean('OTEL_SDK_DISABLED', false);
  const exporter = reader.oneOf('OTEL_TRACES_EXPORTER', TRACES_EXPORTERS, 'none');
  return { enabled: !disabled && exporter === 'otlp' };
}

/** Reads typed values and collects every problem instead of stopping at the first. */
class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  string(name: string, fallback: string, rules: { minLength?: number } = {}): string {
    const value = this.raw(name) ?? fallback;
    if (rules.minLength !== undefined && value.length < rules.minLength) {
      this.problems.push(`${name} must be at least ${rules.minLength} characters long`);
    }
    return value;
  }

  optional(name: string, rules: { minLength?: number } = {}): string | null {
    const value = this.raw(name);
    return value === undefined ? null : this.string(name, value, rules);
  }

  host(name: string, fallback: string): string {
    const text = this.raw(name) ?? fallback;
    if (!/^[A-Za-z0-9.:-]+$/.test(text)) this.problems.push(`${name} must be a host name or IP address, got "${text}"`);
    return text;
  }

  required(name: string, rules: { minLength?: number } = {}): string {
    const value = this.raw(name);
    if (value === undefined) {
      this.problems.push(`${name} is required in production`);
      return '';
    }
    return this.string(name, value, rules);
  }

  integer(name: string, fallback: number, range: { min?: number; max?: number }): number {
    const text = this.raw(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
    if (!/^-?\d+$/.test(text) || value < min || value > max) {
      this.problems.push(`${name} must be an integer between ${min} and ${max}, got "${text}"`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const text = this.raw(name)?.toLowerCase();
    if (text === undefined) return fallback;
    if (['true', '1', 'yes'].includes(text)) return true;
    if (['false', '0', 'no'].includes(text)) return false;
    this.problems.push(`${name} must be true or false, got "${text}"`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const text = this.raw(name);
    if (text === undefined) return fallback;
    if ((allowed as readonly string[]).includes(text)) return text as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${text}"`);
    return fallback;
  }

  url(name: string, fallback: string, protocols: readonly string[]): string {
    const text = this.raw(name) ?? fallback;
    if (!isUrlWithProtocol(text, protocols)) {
      this.problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
    }
    return text;
  }

  optionalUrl(name: string, protocols: readonly string[]): string | null {
    const text = this.raw(name);
    if (text === undefined) return null;
    return this.url(name, text, protocols);
  }

  hostPort(name: string, fallback: string): string {
    const text = this.raw(name) ?? fallback;
    if (!/^[A-Za-z0-9.[\]:-]+:\d{1,5}$/.test(text)) this.problems.push(`${name} must be host:port, got "${text}"`);
    return text;
  }

  key32(name: string, fallback: string | undefined): Buffer {
    const text = this.raw(name) ?? fallback;
    if (text === undefined) {
      this.problems.push(`${name} is required in production (32 bytes, base64 or hex)`);
      return Buffer.alloc(32);
    }
    const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.length !== 32) this.problems.push(`${name} must encode exactly 32 bytes (base64 or 64 hex characters)`);
    return key;
  }
}

function isUrlWithProtocol(text: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}
