import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * Readers for the deployment files at the repository root (docker-compose.yml, Dockerfile, .env.example,
 * .dockerignore), so tests can hold them to infra/config.ts and to each other without a Docker engine.
 */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export function readRepoFile(relativePath: string): string {
  return readFileSync(path.join(REPO_ROOT, relativePath), 'utf8');
}

export interface EnvExampleEntry {
  name: string;
  value: string;
  /** The comment lines directly above the assignment, without their `#`. */
  comment: string[];
}

/** The `NAME=value` lines of a dotenv file, each with the comment block above it. */
export function parseEnvFile(text: string): EnvExampleEntry[] {
  const entries: EnvExampleEntry[] = [];
  let comment: string[] = [];
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (assignment) {
      entries.push({ name: assignment[1] ?? '', value: assignment[2] ?? '', comment });
      comment = [];
    } else if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
    } else {
      comment = [];
    }
  }
  return entries;
}

export type ComposeCommand = string | string[];

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: ComposeCommand;
  entrypoint?: ComposeCommand;
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number | { published?: string | number; target?: number })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: ComposeCommand };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  restart?: string;
  init?: boolean;
  deploy?: { replicas?: number | string };
  expose?: (string | number)[];
  configs?: (string | { source: string; target?: string })[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  configs?: Record<string, { content?: string; file?: string }>;
}

/** Parses docker-compose.yml as `docker compose config` would see it with `env` as the shell and .env. */
export function loadComposeFile(env: Readonly<Record<string, string>>, text = readRepoFile('docker-compose.yml')) {
  const document: unknown = parse(text, { merge: true });
  return interpolateDeep(document, env) as ComposeFile;
}

/** The variables docker-compose.yml takes from the shell or .env (`${NAME...}`; `$${...}` is an escape). */
export function referencedVariables(text: string): string[] {
  const names = [...text.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

function interpolateDeep(value: unknown, env: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item: unknown) => interpolateDeep(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, env)]));
  }
  return value;
}

/** Compose's interpolation: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME:+alt}. */
export function interpolate(text: string, env: Readonly<Record<string, string>>): string {
  const pattern = /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;
  return text.replace(
    pattern,
    (_match, dollar?: string, braced?: string, operator?: string, argument?: string, bare?: string): string => {
      if (dollar !== undefined) return '$';
      const name = braced ?? bare ?? '';
      const value = env[name];
      const unset = operator?.startsWith(':') ? value === undefined || value === '' : value === undefined;
      const kind: string = operator?.replace(':', '') ?? '';
      switch (kind) {
        case '-':
          return unset ? (argument ?? '') : (value ?? '');
        case '?':
          if (unset) throw new Error(`required variable ${name} is missing a value: ${argument ?? ''}`);
          return value ?? '';
        case '+':
          return unset ? '' : (argument ?? '');
        default:
          return value ?? '';
      }
    },
  );
}

/** The host ports a service publishes, from the short (`[ip:]host:container`) or the long syntax. */
export function publishedPorts(service: ComposeService): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return Number(port.published ?? port.target);
    const parts = String(port).split('/')[0]?.split(':') ?? [];
    return Number(parts.length >= 2 ? parts[parts.length - 2] : parts[0]);
  });
}

export function environmentOf(service: ComposeService): Record<string, string> {
  const { environment = {} } = service;
  const pairs = Array.isArray(environment)
    ? environment.map((item) => [item.split('=')[0] ?? '', item.slice(item.indexOf('=') + 1)] as const)
    : Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)] as const);
  return Object.fromEntries(pairs);
}

export function dependencyConditions(service: ComposeService): Record<string, string> {
  const { depends_on: dependsOn = {} } = service;
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((name) => [name, 'service_started']));
  return Object.fromEntries(
    Object.entries(dependsOn).map(([name, { condition = 'service_started' }]) => [name, condition]),
  );
}

export function commandWords(command: ComposeCommand | undefined): string[] {
  if (command === undefined) return [];
  return Array.isArray(command) ? command : command.split(/\s+/).filter((word) => word !== '');
}
