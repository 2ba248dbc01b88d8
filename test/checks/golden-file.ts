import { readFile, writeFile } from 'node:fs/promises';

/**
 * Compares `actual` with a committed golden file, byte for byte. With UPDATE_GOLDEN=1 the file is rewritten
 * instead (`npm run golden:update`), so a deliberate change shows up as a reviewed diff of that file.
 */
export async function expectGoldenFile(path: string, actual: string): Promise<void> {
  if (process.env.UPDATE_GOLDEN === '1') {
    await writeFile(path, actual);
    return;
  }
  const expected = await readFile(path, 'utf8').catch(() => '');
  expect(actual).toBe(expected);
}
