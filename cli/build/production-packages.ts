import { isBuiltin } from 'node:module';

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * The packages compiled code requires that the production install (`npm ci --omit=dev`) lacks: a dev dependency
 * reached from the API, the worker or a CLI would otherwise fail only in the image, at start.
 */
export function packagesMissingInProduction(
  required: Iterable<string>,
  dependencies: Readonly<Record<string, string>>,
): string[] {
  const names = [...required].filter((specifier) => !isBuiltin(specifier)).map(packageNameOf);
  return [...new Set(names)].filter((name) => !(name in dependencies)).sort();
}
