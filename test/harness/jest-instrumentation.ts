import type { Tracing } from '../../infra/tracing';

/**
 * The instrumentations patch modules through Node's require and import hooks, which jest's own module registry never
 * calls: a test that traces in-process applies the same patches to the modules as jest loaded them (the ones the
 * app and the ORM were given). Returns what undoes them; node:http is shared by every test file of the process.
 */
export function patchModulesLoadedByJest(tracing: Tracing): () => void {
  const undo: (() => void)[] = [];
  for (const instrumentation of tracing.instrumentations) {
    for (const definition of instrumentation.getModuleDefinitions()) {
      const moduleExports: unknown = jestRequire(definition.name);
      const version = moduleVersion(definition.name);
      definition.patch?.(moduleExports, version);
      undo.push(() => definition.unpatch?.(moduleExports, version));
    }
  }
  return () => {
    for (const step of undo.reverse()) step();
  };
}

function jestRequire(name: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's require, the registry the app uses
  return require(name);
}

/** Node's for its built-ins; the packages' patches here do not look at it. */
function moduleVersion(name: string): string | undefined {
  return name === 'http' || name === 'https' ? process.versions.node : undefined;
}
