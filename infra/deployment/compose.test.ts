import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { childProcessEnv } from '../../test/harness/child-env';
import { loadConfig } from '../config';
import { composeSchemaErrors, runDockerComposeConfig } from './compose-validation';
import {
  REPO_ROOT,
  commandWords,
  dependencyConditions,
  environmentOf,
  loadComposeFile,
  parseEnvFile,
  publishedPorts,
  readRepoFile,
  referencedVariables,
  type ComposeFile,
  type ComposeService,
} from './deployment-files';
import { lastInstruction, parseDockerfile } from './dockerfile';

// Stand-ins for the values an operator must put into .env before `docker compose up`.
const OPERATOR_ENV = {
  JWT_SECRET: 'compose-test-jwt-secret-of-at-least-32-chars',
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  METRICS_TOKEN: 'compose-test-metrics-token-of-32-chars',
};
const APP_SERVICES = ['migrate', 'api', 'worker'];
/** Horizontally scaled: more than one process of each, so the stack proves they share nothing in memory. */
const SCALED_SERVICES = ['api', 'worker'];
const SEARCH_ATTRIBUTES = ['TenantId', 'CustomerId', 'SubscriptionStatus'];

const compose = loadComposeFile(OPERATOR_ENV);
const envExampleNames = parseEnvFile(readRepoFile('.env.example')).map((entry) => entry.name);
const scripts = (JSON.parse(readRepoFile('package.json')) as { scripts: Record<string, string> }).scripts;

function service(file: ComposeFile, name: string): ComposeService {
  const found = file.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

/** The compiled file a production npm script runs with node (`node --enable-source-maps dist/api/main.js`). */
function prodScriptEntry(script: string): string {
  const entry = /^node(?:\s+--[\w-]+(?:=\S+)?)*\s+(dist\/\S+\.js)$/.exec(scripts[script] ?? '')?.[1];
  if (entry === undefined)
    throw new Error(`npm script ${script} is not "node [flags] dist/<file>.js": ${scripts[script] ?? ''}`);
  return entry;
}

/** The TypeScript source a development npm script runs with tsx (`tsx api/main.ts` gives `api/main.ts`). */
function devScriptEntry(script: string): string {
  const entry = /^tsx\s+(\S+\.ts)$/.exec(scripts[script] ?? '')?.[1];
  if (entry === undefined) throw new Error(`npm script ${script} is not "tsx <file>.ts": ${scripts[script] ?? ''}`);
  return entry;
}

/** The service that runs infra/deployment/temporal-setup.sh (the namespace and search attribute setup). */
function temporalSetupService(): [string, ComposeService] {
  const found = Object.entries(compose.services).find(([, candidate]) =>
    [...commandWords(candidate.entrypoint), ...commandWords(candidate.command)].some((word) =>
      word.endsWith('temporal-setup.sh'),
    ),
  );
  if (!found) throw new Error('no service runs temporal-setup.sh');
  return found;
}

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, Temporal with its setup and UI, Mailpit, the migration, the API behind a proxy, the worker and Prometheus', () => {
    const [setupName, setup] = temporalSetupService();
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([
        'postgres',
        'temporal',
        'temporal-ui',
        'mailpit',
        'proxy',
        'prometheus',
        ...APP_SERVICES,
        setupName,
      ]),
    );
    expect(setup.image).toMatch(/^temporalio\/admin-tools:/);
    // Temporal keeps its state in the same PostgreSQL server, not in a file of its container.
    expect(environmentOf(service(compose, 'temporal'))).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgres' });
  });

  it('is valid by the Compose Specification schema, and by docker compose config where the Docker client is installed', () => {
    expect(composeSchemaErrors(compose)).toEqual([]);
    const broken = structuredClone(compose);
    (service(broken, 'api') as Record<string, unknown>).healthcheck = { tests: ['CMD', 'true'] };
    expect(composeSchemaErrors(broken)).toContain('/services/api/healthcheck: must NOT have additional properties');
    const check = runDockerComposeConfig(childProcessEnv(OPERATOR_ENV));
    if (check.available) expect(check).toMatchObject({ ok: true });
  });

  it.each(SCALED_SERVICES)('runs two %s processes', (name) => {
    expect(Number(service(compose, name).deploy?.replicas)).toBe(2);
    // A published host port would clash between replicas: only the proxy publishes the API.
    expect(service(compose, name).ports ?? []).toEqual([]);
  });

  it('registers the namespace and the Keyword search attributes the workflows set', () => {
    const [, setup] = temporalSetupService();
    const script = readRepoFile('infra/deployment/temporal-setup.sh');
    expect(script).toContain('search-attribute create');
    expect(script).toContain('namespace create');
    for (const name of SEARCH_ATTRIBUTES) expect(script).toContain(`${name}:Keyword`);
    const namespace = environmentOf(service(compose, 'api')).TEMPORAL_NAMESPACE;
    expect(environmentOf(setup).TEMPORAL_NAMESPACE).toBe(namespace);
    expect(environmentOf(service(compose, 'temporal')).DEFAULT_NAMESPACE).toBe(namespace);
    expect(environmentOf(service(compose, 'temporal-ui')).TEMPORAL_DEFAULT_NAMESPACE).toBe(namespace);
  });

  it('mounts only files that exist in the repository', () => {
    const sources = Object.values(compose.services)
      .flatMap((candidate) => candidate.volumes ?? [])
      .map((volume) => (typeof volume === 'string' ? volume.split(':')[0] : volume.source) ?? '')
      .filter((source) => source.startsWith('.'));
    for (const source of sources) expect(existsSync(path.join(REPO_ROOT, source))).toBe(true);
  });

  it.each([
    ['proxy', 3000],
    ['temporal', 7233],
    ['temporal-ui', 8233],
    ['mailpit', 8025],
    ['prometheus', 9090],
  ])('publishes %s on host port %d by default', (name, port) => {
    expect(publishedPorts(service(compose, name))).toContain(port);
  });

  it('refuses to start without JWT_SECRET, ENCRYPTION_KEY and METRICS_TOKEN', () => {
    expect(() => loadComposeFile({})).toThrow(/JWT_SECRET/);
    expect(() => loadComposeFile({ JWT_SECRET: OPERATOR_ENV.JWT_SECRET })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadComposeFile({ ...OPERATOR_ENV, JWT_SECRET: '' })).toThrow(/JWT_SECRET/);
    expect(() => loadComposeFile({ ...OPERATOR_ENV, METRICS_TOKEN: '' })).toThrow(/METRICS_TOKEN/);
  });

  it('takes from the host environment only variables that .env.example documents', () => {
    expect(envExampleNames).toEqual(expect.arrayContaining(referencedVariables(readRepoFile('docker-compose.yml'))));
  });

  describe.each(APP_SERVICES)('%s', (name) => {
    const app = service(compose, name);
    const environment = environmentOf(app);

    it('builds our image from the Dockerfile', () => {
      const build = typeof app.build === 'string' ? { context: app.build } : app.build;
      expect(build?.context).toBe('.');
      expect(build?.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
      expect(app.image).toBe(service(compose, 'api').image);
    });

    it('sets every variable of .env.example', () => {
      const missingOrEmpty = envExampleNames.filter((variable) => (environment[variable] ?? '') === '');
      expect(missingOrEmpty).toEqual([]);
    });

    it('passes the production configuration check with the services of the stack', () => {
      const config = loadConfig(environment);
      expect(config.nodeEnv).toBe('production');
      expect(new URL(config.databaseUrl).hostname).toBe('postgres');
      expect(config.temporal.address).toBe('temporal:7233');
      expect(config.smtpUrl).toBe('smtp://mailpit:1025');
      expect(config.port).toBe(3000);
      expect(config.webhookAllowPrivateTargets).toBe(false);
    });
  });

  it.each([
    ['migrate', 'migrate:prod', 'migrate'],
    ['api', 'start:api:prod', 'start:api'],
    ['worker', 'start:worker:prod', 'start:worker'],
  ])('runs %s compiled, as npm run %s does, from the source npm run %s runs', (name, prodScript, devScript) => {
    const words = commandWords(service(compose, name).command);
    expect(words[0]).toBe('node');
    expect(words).toContain('--enable-source-maps');
    expect(words[words.length - 1]).toBe(prodScriptEntry(prodScript));
    expect(prodScriptEntry(prodScript)).toBe(`dist/${devScriptEntry(devScript).replace(/\.ts$/, '.js')}`);
    expect(words.join(' ')).not.toMatch(/tsx|\.ts\b/);
  });

  it('starts the API and the worker after the migration and the Temporal setup succeeded', () => {
    const [setupName] = temporalSetupService();
    for (const name of ['api', 'worker']) {
      expect(dependencyConditions(service(compose, name))).toMatchObject({
        migrate: 'service_completed_successfully',
        [setupName]: 'service_completed_successfully',
        temporal: 'service_started',
      });
    }
    expect(dependencyConditions(service(compose, 'migrate'))).toMatchObject({ postgres: 'service_healthy' });
    expect(dependencyConditions(service(compose, 'temporal'))).toMatchObject({ postgres: 'service_healthy' });
  });

  it('does not restart the one-shot services', () => {
    const [setupName] = temporalSetupService();
    for (const name of ['migrate', setupName]) expect(service(compose, name).restart).toBe('no');
  });

  it('pins every image to a tag other than latest', () => {
    const images = Object.values(compose.services).flatMap((candidate) => candidate.image ?? []);
    const unpinned = images.filter((image) => ['', 'latest'].includes(/:([^/:@]+)$/.exec(image)?.[1] ?? ''));
    expect(images.length).toBeGreaterThan(0);
    expect(unpinned).toEqual([]);
  });

  it('health-checks PostgreSQL, the API and the proxy on GET /health, the worker on its metrics port, Prometheus', () => {
    const probe = (name: string) => commandWords(service(compose, name).healthcheck?.test).join(' ');
    expect(probe('postgres')).toContain('pg_isready');
    expect(probe('api')).toContain(':3000/health');
    expect(probe('proxy')).toContain(':3000/health');
    const worker = environmentOf(service(compose, 'worker'));
    expect(probe('worker')).toContain(`:${worker.WORKER_METRICS_PORT ?? ''}/metrics`);
    expect(probe('worker')).toContain('process.env.METRICS_TOKEN');
    expect(probe('prometheus')).toContain(':9090/-/ready');
  });

  it('puts the proxy in front of every API replica once they are healthy, and keeps /metrics off it', () => {
    const proxy = service(compose, 'proxy');
    expect(dependencyConditions(proxy)).toMatchObject({ api: 'service_healthy' });
    const mount = (proxy.volumes ?? []).find((volume) => typeof volume === 'string' && volume.includes('Caddyfile'));
    expect(mount).toBe('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readRepoFile('deploy/Caddyfile');
    const port = environmentOf(service(compose, 'api')).PORT ?? '';
    expect(caddyfile).toMatch(new RegExp(`^\\s*dynamic a api ${port} \\{`, 'm'));
    expect(caddyfile).toMatch(/^:3000 \{/m);
    expect(caddyfile).toMatch(/@metrics path \/metrics\s+respond @metrics 404/);
    // The API sees the proxy's X-Forwarded-For: it trusts exactly that one hop.
    expect(environmentOf(service(compose, 'api')).TRUSTED_PROXY_COUNT).toBe('1');
  });
});

interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  authorization?: { type?: string; credentials_file?: string };
  dns_sd_configs?: { names: string[]; type: string; port: number }[];
}

describe('deploy/prometheus.yml', () => {
  const prometheus = service(compose, 'prometheus');
  const jobs = (parse(readRepoFile('deploy/prometheus.yml')) as { scrape_configs: ScrapeConfig[] }).scrape_configs;
  const job = (name: string): ScrapeConfig => {
    const found = jobs.find((candidate) => candidate.job_name === name);
    if (!found) throw new Error(`deploy/prometheus.yml has no job ${name}`);
    return found;
  };
  const worker = environmentOf(service(compose, 'worker'));

  it('is the file the prometheus service runs with', () => {
    expect(prometheus.volumes).toContain('./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(commandWords(prometheus.command)).toContain('--config.file=/etc/prometheus/prometheus.yml');
    expect(dependencyConditions(prometheus)).toMatchObject({ api: 'service_started', worker: 'service_started' });
  });

  it.each([
    ['api', 'api', () => environmentOf(service(compose, 'api')).PORT],
    ['worker', 'worker', () => worker.WORKER_METRICS_PORT],
  ])(
    'scrapes /metrics of every %s replica through DNS, with the METRICS_TOKEN bearer',
    (jobName, serviceName, port) => {
      const scrape = job(jobName);
      expect(scrape.metrics_path ?? '/metrics').toBe('/metrics');
      expect(scrape.dns_sd_configs).toEqual([
        expect.objectContaining({ names: [serviceName], type: 'A', port: Number(port()) }),
      ]);
      expect(scrape.authorization?.type ?? 'Bearer').toBe('Bearer');
      // The file is the compose config whose content is the token the processes check.
      const mounted = (prometheus.configs ?? []).find(
        (config) => typeof config === 'object' && config.target === scrape.authorization?.credentials_file,
      );
      expect(mounted).toBeDefined();
      const source = typeof mounted === 'object' ? mounted.source : '';
      expect(compose.configs?.[source]?.content).toBe(OPERATOR_ENV.METRICS_TOKEN);
      expect(environmentOf(service(compose, serviceName)).METRICS_TOKEN).toBe(OPERATOR_ENV.METRICS_TOKEN);
    },
  );

  it("scrapes the Temporal SDK's exporter of every worker, which the worker binds beyond loopback", () => {
    const exporterPort = Number(worker.TEMPORAL_METRICS_ADDRESS?.split(':').pop());
    expect(job('temporal-sdk').dns_sd_configs).toEqual([
      expect.objectContaining({ names: ['worker'], type: 'A', port: exporterPort }),
    ]);
    expect(worker.TEMPORAL_METRICS_ADDRESS).toBe(`0.0.0.0:${exporterPort}`);
    expect(worker.METRICS_HOST).toBe('0.0.0.0');
    // Reachable on the compose network only: neither port is published to the host.
    expect(service(compose, 'worker').expose?.map(String)).toEqual(
      expect.arrayContaining([worker.WORKER_METRICS_PORT, String(exporterPort)]),
    );
  });
});

describe('Dockerfile', () => {
  const stages = parseDockerfile(readRepoFile('Dockerfile'));
  const runtime = stages[stages.length - 1];

  it('builds every stage on Node 24', () => {
    const stageNames = stages.map((stage) => stage.name);
    for (const { base } of stages) {
      expect(stageNames.includes(base) || /^node:24(\.|-|$)/.test(base)).toBe(true);
    }
    expect(runtime?.base).toMatch(/^node:24(\.|-|$)/);
  });

  it('runs as the non-root node user and exposes 3000', () => {
    expect(runtime && lastInstruction(runtime, 'USER')).toBe('node');
    expect(runtime && lastInstruction(runtime, 'EXPOSE')?.split(/\s+/)).toContain('3000');
  });

  it('starts the compiled API by default, with Node alone', () => {
    const command = JSON.parse((runtime && lastInstruction(runtime, 'CMD')) ?? '[]') as string[];
    expect(command[0]).toBe('node');
    expect(command).toContain('--enable-source-maps');
    expect(command[command.length - 1]).toBe(prodScriptEntry('start:api:prod'));
    expect(command.join(' ')).not.toContain('tsx');
  });

  it('compiles in a build stage and ships only its dist/ with the production dependencies', () => {
    const build = stages.find((stage) =>
      stage.instructions.some((instruction) => instruction.keyword === 'RUN' && instruction.args === 'npm run build'),
    );
    expect(build?.name).toBeTruthy();
    const copies = (runtime?.instructions ?? []).filter((instruction) => instruction.keyword === 'COPY');
    expect(copies.map((copy) => copy.args)).toContain(`--from=${build?.name ?? ''} /app/dist ./dist`);
    // No sources in the runtime image: the build context is copied in the build stage only.
    expect(copies.map((copy) => copy.args)).not.toContain('. .');
    const modules = copies.find((copy) => copy.args.endsWith('/app/node_modules ./node_modules'));
    const modulesStage = stages.find((stage) => modules?.args.startsWith(`--from=${stage.name ?? ''} `));
    expect(modulesStage?.instructions.map((instruction) => instruction.args).join('\n')).toMatch(
      /npm ci [^\n]*--omit=dev/,
    );
    // tsx is development tooling: the production install leaves it out.
    const manifest = JSON.parse(readRepoFile('package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
  });

  it('installs production dependencies only, from the lockfile', () => {
    const runs = stages.flatMap((stage) => stage.instructions).filter((instruction) => instruction.keyword === 'RUN');
    expect(runs.map((instruction) => instruction.args).join('\n')).toMatch(/npm (install|ci) [^\n]*--omit=dev/);
    const copies = stages
      .flatMap((stage) => stage.instructions)
      .filter((instruction) => instruction.keyword === 'COPY');
    expect(copies.map((instruction) => instruction.args).join('\n')).toContain('package-lock.json');
  });
});

describe('.dockerignore', () => {
  it('keeps host builds, tools, data and secrets out of the build context', () => {
    const entries = readRepoFile('.dockerignore')
      .split('\n')
      .map((line) => line.trim().replace(/\/$/, ''));
    expect(entries).toEqual(expect.arrayContaining(['node_modules', '.tools', '.data', '.git', 'coverage', 'dist']));
    expect(entries).toContain('.env');
  });
});
