import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { REPO_ROOT, readRepoFile } from './deployment-files';

/**
 * The Compose Specification's JSON schema (compose-spec/compose-spec, schema/compose-spec.json, Apache-2.0), kept
 * byte for byte as published so it can be replaced by a newer copy. It is what `docker compose config` validates
 * against, so a machine without the Docker client still catches a misspelt key, a wrong type or an unknown
 * depends_on condition.
 */
const COMPOSE_SCHEMA_FILE = 'infra/deployment/compose-spec.schema.json';

// ajv-formats is CommonJS with a `default` property; its types describe the ESM view (as in api/validation).
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;

/** The schema's problems with a parsed (and interpolated) compose file, as `path: message` lines; empty when valid. */
export function composeSchemaErrors(document: unknown): string[] {
  // Not strict: the schema uses keywords of later drafts (`deprecated`) that draft-07 validators ignore.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readRepoFile(COMPOSE_SCHEMA_FILE)) as object);
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'}`);
}

export type DockerComposeCheck = { available: false } | { available: true; ok: boolean; output: string };

/**
 * `docker compose config --quiet` on docker-compose.yml in the environment `env` (with an empty env file, so a
 * developer's .env plays no part), when the Docker client with its compose plugin is installed. It needs no daemon.
 */
export function runDockerComposeConfig(env: NodeJS.ProcessEnv): DockerComposeCheck {
  const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', env });
  if (version.error !== undefined || version.status !== 0) return { available: false };
  const result = spawnSync(
    'docker',
    ['compose', '--env-file', '/dev/null', '-f', 'docker-compose.yml', 'config', '--quiet'],
    { cwd: REPO_ROOT, encoding: 'utf8', env },
  );
  return { available: true, ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}
