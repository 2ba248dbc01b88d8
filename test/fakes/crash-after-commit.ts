/**
 * Activity wrappers whose first attempt for each set of arguments does its work, then "crashes" before it can report
 * success, so Temporal retries it: the retry must find the work done. `crashed` holds `<name>:<arguments>` of each.
 */
export function crashAfterCommit() {
  const crashed = new Set<string>();
  const crashOnce =
    <A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await run(...args);
      const key = `${name}:${JSON.stringify(args)}`;
      if (!crashed.has(key)) {
        crashed.add(key);
        throw new Error(`worker crashed after ${name} committed`);
      }
      return result;
    };
  return { crashed, crashOnce };
}
