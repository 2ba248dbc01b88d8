/**
 * A bench's `--name value` options. Every bench rejects an option it does not know: a mistyped one would otherwise
 * measure the defaults and print figures for a run nobody asked for.
 */
export function rejectUnknownOptions(
  args: readonly string[],
  known: { values: readonly string[]; flags?: readonly string[] },
): void {
  for (let index = 0; index < args.length; index += 1) {
    const name = args[index]?.replace(/^--/, '') ?? '';
    if (known.flags?.includes(name) === true) continue;
    if (!known.values.includes(name)) throw new Error(`unknown option ${String(args[index])}`);
    // Its value, which may itself start with `--` (Node flags for a child process).
    index += 1;
  }
}

/** `--name <value>` as a whole number of at least `min`; `fallback` when absent. */
export function integerOption(args: readonly string[], name: string, fallback: number, min = 1): number {
  const value = numberOption(args, name, fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} takes a whole number of at least ${min}`);
  return value;
}

/** `--name <value>` as a positive number; `fallback` when absent. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const text = stringOption(args, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} takes a number, not ${text}`);
  return value;
}

/** `--name <value>` as given; undefined when absent. */
export function stringOption(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined) throw new Error(`--${name} needs a value`);
  return value;
}

/** Whether `--name` (which takes no value) is given. */
export const flagOption = (args: readonly string[], name: string): boolean => args.includes(`--${name}`);
