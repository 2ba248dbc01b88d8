import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateClientFiles, CLIENT_FILES } from '../clients/generate';

/**
 * Regenerates the TypeScript client's types and the Postman collection from the served OpenAPI document (the golden
 * file the API's test proves byte-identical to it). Run after `npm run golden:update`: `npm run clients:generate`.
 */
async function main(): Promise<void> {
  const root = join(__dirname, '..');
  const document = JSON.parse(await readFile(join(root, 'api', 'openapi', 'openapi.golden.json'), 'utf8')) as object;
  const files = await generateClientFiles(document);
  for (const [name, path] of Object.entries(CLIENT_FILES)) {
    await writeFile(join(root, path), files[name as keyof typeof CLIENT_FILES]);
    console.log(`wrote ${path}`);
  }
}

void main();
