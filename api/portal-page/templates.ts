import { join } from 'node:path';
import { Eta } from 'eta';

/**
 * The hosted page's templates (views/*.eta), with Eta: every `<%= %>` is HTML-escaped (autoEscape is on and stays
 * on), so text from the tenant or the customer (names, plan names) can never become markup. `<%~ %>` (raw) is used
 * only for the layout's body, itself rendered from these templates. Compiled once per process.
 */
const templates = new Eta({ views: join(__dirname, 'views'), autoEscape: true, cache: true });

export function renderTemplate(name: 'page' | 'error' | 'plan-change' | 'pay', data: object): string {
  return templates.render(`./${name}`, data);
}
