import { loadConfig, loadTracingConfig } from './config';
import { ConfigError } from './config-error';

const productionSecrets = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('applies the defaults of CONTRACT §9 in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/billing',
      temporal: {
        address: '127.0.0.1:7233',
        namespace: 'default',
        taskQueue: 'billing',
        uiPort: 8233,
        workerMaxCachedWorkflows: 1000,
        workflowBundlePath: null,
      },
      publicUrl: 'http://localhost:3000',
      apiPublicUrl: 'http://localhost:3000',
      smtpUrl: null,
      smtpAllowInsecureAuth: false,
      platformMailPerDay: 100,
      rateLimit: { perMinute: 100, anonymousPerMinute: 60, loginPerMinute: 10 },
      webhookAllowPrivateTargets: false,
      paymentSandboxEnabled: true,
      trustedProxyCount: 0,
      metrics: { token: null, host: '127.0.0.1', workerPort: 9464, temporalExporterAddress: '127.0.0.1:9465' },
      logLevel: 'info',
      tracing: { enabled: false },
    });
    expect(config.encryptionKey).toHaveLength(32);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u@db:5432/x',
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_NAMESPACE: 'billing',
      TEMPORAL_TASK_QUEUE: 'q',
      TEMPORAL_UI_PORT: '9000',
      TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS: '0',
      TEMPORAL_WORKFLOW_BUNDLE: '/srv/release/workflow-bundle.js',
      PUBLIC_URL: 'https://billing.example.com/',
      API_PUBLIC_URL: 'https://api.billing.example.com/',
      SMTP_URL: 'smtp://mail:1025',
      SMTP_ALLOW_INSECURE_AUTH: 'true',
      PLATFORM_MAIL_PER_DAY: '0',
      RATE_LIMIT_PER_MINUTE: '5',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '6',
      RATE_LIMIT_LOGIN_PER_MINUTE: '7',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      PAYMENT_SANDBOX_ENABLED: 'false',
      TRUSTED_PROXY_COUNT: '2',
      LOG_LEVEL: 'debug',
      METRICS_TOKEN: 'a-scrape-token-of-24-chars',
      METRICS_HOST: '0.0.0.0',
      WORKER_METRICS_PORT: '9100',
      TEMPORAL_METRICS_ADDRESS: '127.0.0.1:9101',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_SDK_DISABLED: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u@db:5432/x',
      temporal: {
        address: 'temporal:7233',
        namespace: 'billing',
        taskQueue: 'q',
        uiPort: 9000,
        workerMaxCachedWorkflows: 0,
        workflowBundlePath: '/srv/release/workflow-bundle.js',
      },
      publicUrl: 'https://billing.example.com',
      apiPublicUrl: 'https://api.billing.example.com',
      smtpUrl: 'smtp://mail:1025',
      smtpAllowInsecureAuth: true,
      platformMailPerDay: 0,
      rateLimit: { perMinute: 5, anonymousPerMinute: 6, loginPerMinute: 7 },
      webhookAllowPrivateTargets: true,
      paymentSandboxEnabled: false,
      trustedProxyCount: 2,
      metrics: {
        token: 'a-scrape-token-of-24-chars',
        host: '0.0.0.0',
        workerPort: 9100,
        temporalExporterAddress: '127.0.0.1:9101',
      },
      logLevel: 'debug',
      tracing: { enabled: true },
    });
    expect(config.encryptionKey.equals(Buffer.alloc(32, 0xab))).toBe(true);
  });

  it.each([
    [{}, false],
    [{ OTEL_TRACES_EXPORTER: 'none' }, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' }, false],
  ])('turns tracing on only for the OTLP exporter and an SDK not disabled: %j', (env, enabled) => {
    expect(loadConfig(env).tracing).toEqual({ enabled });
    expect(loadTracingConfig(env)).toEqual({ enabled });
  });

  it('refuses a trace exporter it cannot run, naming the variable', () => {
    expect(problemsOf({ OTEL_TRACES_EXPORTER: 'zipkin' })).toEqual([
      'OTEL_TRACES_EXPORTER must be one of none, otlp, got "zipkin"',
    ]);
    expect(() => loadTracingConfig({ OTEL_SDK_DISABLED: 'perhaps' })).toThrow(
      'OTEL_SDK_DISABLED must be true or false, got "perhaps"',
    );
  });

  it('reads the tracing switch alone, whatever else is wrong (tracing starts before the full check)', () => {
    expect(loadTracingConfig({ NODE_ENV: 'production', PORT: 'eighty', OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({
      enabled: true,
    });
  });

  it('requires the secrets in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET is required in production',
      'ENCRYPTION_KEY is required in production (32 bytes, base64 or hex)',
    ]);
    expect(() => loadConfig(productionSecrets)).not.toThrow();
  });

  it('offers the payment sandbox outside production, and in production only when asked', () => {
    expect(loadConfig({}).paymentSandboxEnabled).toBe(true);
    expect(loadConfig(productionSecrets).paymentSandboxEnabled).toBe(false);
    expect(loadConfig({ ...productionSecrets, PAYMENT_SANDBOX_ENABLED: 'true' }).paymentSandboxEnabled).toBe(true);
  });

  it('lists every problem at once instead of stopping at the first', () => {
    const problems = problemsOf({
      ...productionSecrets,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      TEMPORAL_ADDRESS: 'no-port',
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'maybe',
      TRUSTED_PROXY_COUNT: '-1',
      LOG_LEVEL: 'loud',
      ENCRYPTION_KEY: 'c2hvcnQ=',
      JWT_SECRET: 'short',
    });
    expect(problems).toHaveLength(9);
    expect(problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*TEMPORAL_ADDRESS[\s\S]*JWT_SECRET/);
    expect(problems).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
  });

  it('lists a bad PUBLIC_URL once, though it is also the API’s public origin by default', () => {
    expect(problemsOf({ PUBLIC_URL: 'nope' }).filter((problem) => problem.startsWith('PUBLIC_URL'))).toHaveLength(1);
  });

  it('refuses a short metrics token, a malformed metrics host and exporter address', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short', METRICS_HOST: 'a b', TEMPORAL_METRICS_ADDRESS: 'loopback' })).toEqual([
      'METRICS_TOKEN must be at least 16 characters long',
      'METRICS_HOST must be a host name or IP address, got "a b"',
      'TEMPORAL_METRICS_ADDRESS must be host:port, got "loopback"',
    ]);
  });

  it('formats the start-up error with one line per problem', () => {
    expect(() => loadConfig({ PORT: '-1', SMTP_URL: 'http://x' })).toThrow(
      'Invalid configuration:\n  - PORT must be an integer between 0 and 65535, got "-1"\n  - SMTP_URL must be a smtp: or smtps: URL',
    );
  });
});
