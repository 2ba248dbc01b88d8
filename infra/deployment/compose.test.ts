import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
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

// Stand-ins for the two values an operator must put into .env before `docker compose up`.
const OPERATOR_ENV = {
  JWT_SECRET: 'compose-test-jwt-secret-of-at-least-32-chars',
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};
const APP_SERVICES = ['migrate', 'api', 'worker'];
const SEARCH_ATTRIBUTES = ['TenantId', 'CustomerId', 'SubscriptionStatus'];

const compose = loadComposeFile(OPERATOR_ENV);
const envExampleNames = parseEnvFile(readRepoFile('.env.example')).map((entry) => entry.name);
const scripts = (JSON.parse(readRepoFile('package.json')) as { scripts: Record<string, string> }).scripts;

function service(file: ComposeFile, name: string): ComposeService {
  const found = file.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

/** The TypeScript file an npm script runs with tsx (`tsx api/main.ts` gives `api/main.ts`). */
function scriptEntry(script: string): string {
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
  it('runs PostgreSQL, Temporal with its setup and UI, Mailpit, the migration, the API and the worker', () => {
    const [setupName, setup] = temporalSetupService();
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'mailpit', ...APP_SERVICES, setupName]),
    );
    expect(setup.image).toMatch(/^temporalio\/admin-tools:/);
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
    ['api', 3000],
    ['temporal', 7233],
    ['temporal-ui', 8233],
    ['mailpit', 8025],
  ])('publishes %s on host port %d by default', (name, port) => {
    expect(publishedPorts(service(compose, name))).toContain(port);
  });

  it('refuses to start without JWT_SECRET and ENCRYPTION_KEY', () => {
    expect(() => loadComposeFile({})).toThrow(/JWT_SECRET/);
    expect(() => loadComposeFile({ JWT_SECRET: OPERATOR_ENV.JWT_SECRET })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadComposeFile({ ...OPERATOR_ENV, JWT_SECRET: '' })).toThrow(/JWT_SECRET/);
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

  it('runs the entry files of the npm scripts', () => {
    expect(commandWords(service(compose, 'api').command)).toContain(scriptEntry('start:api'));
    expect(commandWords(service(compose, 'worker').command)).toContain(scriptEntry('start:worker'));
    expect(commandWords(service(compose, 'migrate').command)).toEqual(['npm', 'run', 'migrate']);
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

  it('health-checks PostgreSQL with pg_isready and the API on GET /health', () => {
    expect(commandWords(service(compose, 'postgres').healthcheck?.test)).toContain('pg_isready');
    expect(commandWords(service(compose, 'api').healthcheck?.test).join(' ')).toContain(':3000/health');
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

  it('starts the API by default', () => {
    const command = JSON.parse((runtime && lastInstruction(runtime, 'CMD')) ?? '[]') as string[];
    expect(command).toContain(scriptEntry('start:api'));
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
