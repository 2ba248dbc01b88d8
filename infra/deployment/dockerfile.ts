export interface DockerInstruction {
  keyword: string;
  args: string;
}

export interface DockerStage {
  /** The base image with global ARG defaults substituted, or the name of an earlier stage. */
  base: string;
  name: string | null;
  instructions: DockerInstruction[];
}

/**
 * Reads a Dockerfile into its build stages the way the builder does: line continuations joined, comment lines
 * dropped, and the defaults of the ARGs declared before the first FROM substituted into FROM.
 */
export function parseDockerfile(text: string): DockerStage[] {
  const globalArgs = new Map<string, string>();
  const stages: DockerStage[] = [];
  for (const { keyword, args } of instructionsOf(text)) {
    const current = stages[stages.length - 1];
    if (keyword === 'FROM') {
      const words = args.split(/\s+/).filter((word) => !word.startsWith('--'));
      const asIndex = words.findIndex((word) => word.toUpperCase() === 'AS');
      stages.push({
        base: substitute(words[0] ?? '', globalArgs),
        name: asIndex >= 0 ? (words[asIndex + 1] ?? null) : null,
        instructions: [],
      });
    } else if (current) {
      current.instructions.push({ keyword, args });
    } else if (keyword === 'ARG') {
      const [name = '', value = ''] = args.split('=', 2);
      globalArgs.set(name.trim(), value.trim().replace(/^"(.*)"$/, '$1'));
    }
  }
  return stages;
}

function instructionsOf(text: string): DockerInstruction[] {
  const logicalLines: string[] = [];
  let pending = '';
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logicalLines.push(pending + line);
    pending = '';
  }
  if (pending !== '') logicalLines.push(pending);
  return logicalLines
    .map((line) => /^(\S+)\s*(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ keyword: (match[1] ?? '').toUpperCase(), args: (match[2] ?? '').trim() }));
}

function substitute(text: string, args: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_match, name: string) => args.get(name) ?? '');
}

/** The last value of an instruction in a stage (USER, CMD, WORKDIR...), or null. */
export function lastInstruction(stage: DockerStage, keyword: string): string | null {
  const found = stage.instructions.filter((instruction) => instruction.keyword === keyword);
  return found[found.length - 1]?.args ?? null;
}
