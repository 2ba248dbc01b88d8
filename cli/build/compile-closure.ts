import { copyFile, cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { transformFile, type Options } from '@swc/core';

/**
 * The transform jest runs the tests through (jest.config.js): TypeScript stripped, CommonJS, ES2023. Production thus
 * runs the same JavaScript the tests ran, and ESM-only packages (MikroORM 7) load through Node's require(esm), as
 * under tsx and jest. Source contents stay out of the maps: a stack trace needs the mappings only, and every loaded
 * map is held in memory under --enable-source-maps.
 */
const SWC_OPTIONS: Options = {
  swcrc: false,
  configFile: false,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
  module: { type: 'commonjs' },
  sourceMaps: true,
  inlineSourcesContent: false,
};

/** Folders next to compiled code that it reads at run time (`join(__dirname, 'views')`): Eta templates, styles. */
const RUNTIME_ASSET_FOLDERS = ['views', 'assets'];

export interface CompileClosureOptions {
  /** Repository root: sources are read below it and laid out the same way below `outDir`. */
  root: string;
  outDir: string;
  /** Source files to start from (relative to `root`); everything they require is compiled too. */
  entries: readonly string[];
}

export interface CompiledClosure {
  /** Compiled TypeScript sources, relative to `root`. */
  sources: string[];
  /** Other files copied as they are (JSON required by code, asset folders). */
  copied: string[];
  /** Packages the compiled code requires by name (builtins excluded). */
  packages: Set<string>;
}

const RELATIVE_REQUIRE = /\brequire\("(\.{1,2}\/[^"]*)"\)/g;
const PACKAGE_REQUIRE = /\brequire\("([^."][^"]*)"\)/g;

/**
 * Compiles `entries` and every file they require, following the compiled `require("./...")` calls, so `dist/` holds
 * what the processes load and nothing else (no tests, no dev tooling). A relative require that resolves to no file
 * fails the build here rather than the process at start.
 */
export async function compileClosure(options: CompileClosureOptions): Promise<CompiledClosure> {
  const result: CompiledClosure = { sources: [], copied: [], packages: new Set() };
  const seen = new Set<string>();
  const directories = new Set<string>();
  // Breadth first, one layer of the import graph at a time in parallel: swc transforms on its own threads.
  let layer = options.entries.map((entry) => path.resolve(options.root, entry));
  while (layer.length > 0) {
    const files = [...new Set(layer)].filter((file) => !seen.has(file));
    for (const file of files) seen.add(file);
    const required = await Promise.all(files.map((file) => emitFile(options, file, result)));
    for (const file of files) if (file.endsWith('.ts')) directories.add(path.dirname(file));
    layer = required.flat();
  }
  result.copied.push(...(await copyAssetFolders(options, directories)));
  return result;
}

/** Compiles (or, for JSON, copies) one file below `outDir`; returns the source files it requires. */
async function emitFile(options: CompileClosureOptions, file: string, result: CompiledClosure): Promise<string[]> {
  const relative = path.relative(options.root, file);
  const target = path.join(options.outDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  if (file.endsWith('.json')) {
    await copyFile(file, target);
    result.copied.push(relative);
    return [];
  }
  const code = await compileFile(file, target.replace(/\.ts$/, '.js'));
  result.sources.push(relative);
  for (const [, specifier] of code.matchAll(PACKAGE_REQUIRE)) result.packages.add(specifier ?? '');
  return [...code.matchAll(RELATIVE_REQUIRE)].map(([, specifier]) => resolveSource(file, specifier ?? ''));
}

async function compileFile(source: string, target: string): Promise<string> {
  const output = await transformFile(source, {
    ...SWC_OPTIONS,
    sourceFileName: path.relative(path.dirname(target), source),
  });
  const mapFile = `${path.basename(target)}.map`;
  await writeFile(target, `${output.code}\n//# sourceMappingURL=${mapFile}\n`);
  if (output.map !== undefined) await writeFile(`${target}.map`, output.map);
  return output.code;
}

/** Node's CommonJS lookup for a TypeScript source: the file with .ts or .json, or the folder's index.ts. */
function resolveSource(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')].filter(
    (candidate) => candidate.endsWith('.ts') || candidate.endsWith('.json'),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(`${from}: require("${specifier}") resolves to no source file`);
  return found;
}

async function copyAssetFolders(options: CompileClosureOptions, directories: ReadonlySet<string>): Promise<string[]> {
  const copied: string[] = [];
  for (const directory of directories) {
    for (const folder of RUNTIME_ASSET_FOLDERS) {
      const source = path.join(directory, folder);
      if (!existsSync(source)) continue;
      const relative = path.relative(options.root, source);
      await cp(source, path.join(options.outDir, relative), { recursive: true });
      copied.push(...(await readdir(source)).map((name) => path.join(relative, name)));
    }
  }
  return copied;
}
