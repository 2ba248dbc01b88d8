/**
 * The environment for a process a test spawns (a worker, the API): this jest worker's own, which globalSetup pointed at
 * the run's database and Temporal servers, with `overrides` on top.
 */
export function childProcessEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
