/** One sample line of Prometheus' text exposition format: `name{label="value",...} 12.5`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

/**
 * Parses the samples of a scrape (comments and `# TYPE`/`# HELP` lines skipped), failing on any line that is not a
 * valid sample, so a malformed exposition fails the test that reads it.
 */
export function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line.trim());
      if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
      const [, name = '', labelText = '', valueText = ''] = match;
      return { name, labels: parseLabels(labelText, line), value: parseValue(valueText, line) };
    });
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL_PAIR.lastIndex = 0;
  let consumed = 0;
  for (let match = LABEL_PAIR.exec(text); match !== null; match = LABEL_PAIR.exec(text)) {
    const [whole, name = '', value = ''] = match;
    labels[name] = value.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    consumed += whole.length;
  }
  if (consumed !== text.length) throw new Error(`malformed labels in: ${line}`);
  return labels;
}

/** Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const special: Record<string, number> = { '+inf': Infinity, inf: Infinity, '-inf': -Infinity, nan: NaN };
  const lower = text.toLowerCase();
  if (lower in special) return special[lower] ?? NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`malformed value in: ${line}`);
  return value;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sampleSum(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** The metric family names a scrape declares in its `# TYPE` lines. */
export function declaredFamilies(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(match[1] ?? '', match[2] ?? '');
  return families;
}
