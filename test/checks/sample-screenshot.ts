import { join } from 'node:path';
import type { Page } from 'playwright-core';

const SAMPLES = join(__dirname, '..', '..', 'docs', 'samples');

/**
 * Saves a full-page screenshot of `page` as docs/samples/<name> when PORTAL_SCREENSHOTS=1 (`npm run sample:portal`),
 * and does nothing otherwise: the screenshots are committed samples, and `npm test` must leave the tree clean.
 */
export async function saveSampleScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.PORTAL_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: join(SAMPLES, name), fullPage: true });
}
