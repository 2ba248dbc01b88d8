/**
 * An object that reads through to whatever `current` gives at the time of each read: what a suite's hooks make
 * (an app, a tenant, a fake provider) can be handed out where the suite is set up, before the hooks have run.
 */
export function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(current(), key) as unknown,
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      // A proxy may not report a property its (empty) target lacks as non-configurable.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
}
