import { loadConfig } from '../config';
import { parseEnvFile, readRepoFile } from './deployment-files';

const envExample = parseEnvFile(readRepoFile('.env.example'));
const configSource = readRepoFile('infra/config.ts');

/** The variable names infra/config.ts reads: `reader.<kind>('NAME', ...)` and any direct `env.NAME`. */
function variablesReadByConfig(): string[] {
  const readerCalls = [...configSource.matchAll(/\breader\.\w+\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g)];
  const directReads = [...configSource.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)];
  const names = [...readerCalls.map((match) => match[1]), ...directReads.map((match) => match[1] ?? match[2])];
  return [...new Set(names.filter((name) => name !== undefined))].sort();
}

describe('.env.example', () => {
  it('lists exactly the variables infra/config.ts reads', () => {
    const listed = envExample.map((entry) => entry.name);
    expect(variablesReadByConfig().length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual(variablesReadByConfig());
    for (const name of listed) expect(configSource).toContain(`'${name}'`);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(envExample.map((entry) => [entry.name, entry] as const))(
    'says what %s does, its default and whether production needs it',
    (_name, entry) => {
      const comment = entry.comment.join(' ');
      expect(entry.comment.length).toBeGreaterThan(0);
      expect(comment).toMatch(/Default: /);
      expect(comment).toMatch(/Required in production|Set to production|Optional/);
    },
  );

  it('holds no secrets and says how to generate them', () => {
    const secrets = envExample.filter((entry) => ['JWT_SECRET', 'ENCRYPTION_KEY'].includes(entry.name));
    expect(secrets.map((entry) => [entry.name, entry.value])).toEqual([
      ['JWT_SECRET', ''],
      ['ENCRYPTION_KEY', ''],
    ]);
    expect(readRepoFile('.env.example')).toContain('openssl rand -base64 32');
  });

  it('is a valid development configuration as it stands', () => {
    const env = Object.fromEntries(envExample.map((entry) => [entry.name, entry.value]));
    expect(() => loadConfig(env)).not.toThrow();
    expect(loadConfig(env)).toMatchObject({ nodeEnv: 'development', port: 3000, smtpUrl: null });
  });

  it('states the defaults infra/config.ts applies when a variable is empty', () => {
    const listedValues = Object.fromEntries(envExample.map((entry) => [entry.name, entry.value]));
    const fromExample = loadConfig(listedValues);
    const fromDefaults = loadConfig({});
    expect(fromExample).toEqual(fromDefaults);
  });
});
