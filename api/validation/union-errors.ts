import type { ErrorObject } from 'ajv';
import { EXACTLY_ONE_OF_KEYWORD } from './exactly-one-of';

/**
 * ajv reports a failed `anyOf`/`oneOf` as every branch's errors plus a summary ("must match a schema in anyOf"), and
 * an implication written as anyOf[rule, not guard] adds "must NOT be valid". A client needs the errors of the branch
 * its body meant, so each failed union is narrowed to the branches the value selects, in this order:
 * - a discriminator (a property that branches declare as a `const`): the branch of the value's tag, or, for a tag no
 *   branch declares, one error naming the tag and its allowed values; without the tag, the branches without it;
 * - the JSON type of the value (a number is not meant for the `null` branch of a nullable field);
 * - guards: a branch that failed only on `not` states a condition that holds, so the other branch is the rule;
 * - a union of constants left: one error listing them.
 * The summary error goes when its branches say why. Errors of the branches not selected go.
 */
export function narrowUnionErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter(isUnion);
  const dropped = new Set<ErrorObject>();
  const added: ErrorObject[] = [];
  for (const union of unions) {
    const branchErrors = errors.filter((error) => branchIndex(union, error) !== undefined);
    const choice = chooseBranches(union, branchErrors);
    for (const error of branchErrors) {
      if (!choice.kept.has(branchIndex(union, error) ?? -1)) dropped.add(error);
    }
    if (choice.replacement !== undefined) added.push(choice.replacement);
    if (!choice.keepSummary) dropped.add(union);
  }
  return [...errors.filter((error) => !dropped.has(error)), ...added];
}

interface BranchChoice {
  kept: ReadonlySet<number>;
  keepSummary: boolean;
  replacement?: ErrorObject;
}

type Schema = Record<string, unknown>;

const isUnion = (error: ErrorObject): boolean => error.keyword === 'anyOf' || error.keyword === 'oneOf';

/** The branch of `union` an error comes from, by schema path (`#/.../anyOf/2/...` is branch 2). */
function branchIndex(union: ErrorObject, error: ErrorObject): number | undefined {
  const prefix = `${union.schemaPath}/`;
  if (error === union || !error.schemaPath.startsWith(prefix)) return undefined;
  return Number(error.schemaPath.slice(prefix.length).split('/')[0]);
}

function chooseBranches(union: ErrorObject, branchErrors: readonly ErrorObject[]): BranchChoice {
  const branches = (Array.isArray(union.schema) ? union.schema : []) as Schema[];
  const all = branches.map((_branch, index) => index);
  // An exactly-one-of rule says it all in its own message (see exactlyOneOf); two passing branches of a oneOf too.
  if ((union.parentSchema as Schema | undefined)?.[EXACTLY_ONE_OF_KEYWORD] !== undefined) {
    return { kept: new Set(), keepSummary: true };
  }
  if (Array.isArray((union.params as { passingSchemas?: unknown }).passingSchemas)) {
    return { kept: new Set(all), keepSummary: true };
  }
  const tagged = selectByTag(union, branches);
  if (tagged !== undefined && !Array.isArray(tagged))
    return { kept: new Set(), keepSummary: false, replacement: tagged };
  let candidates = tagged ?? all;
  candidates = narrow(candidates, (index) => acceptsType(branches[index] ?? {}, union.data));
  candidates = narrow(candidates, (index) => !isGuard(union, index, branchErrors));
  const constants = candidates.map((index) => branches[index]?.const);
  if (candidates.length > 1 && candidates.every((index) => branches[index] && 'const' in branches[index])) {
    return { kept: new Set(), keepSummary: false, replacement: enumError(union, union.instancePath, constants) };
  }
  return { kept: new Set(candidates), keepSummary: false };
}

/** Keeps the candidates that pass, unless none does (then the test says nothing about this value). */
function narrow(candidates: readonly number[], keep: (index: number) => boolean): number[] {
  const kept = candidates.filter(keep);
  return kept.length > 0 ? kept : [...candidates];
}

/** The branches the value's tag selects, an error for an unknown tag, or undefined when the union has no tag. */
function selectByTag(union: ErrorObject, branches: readonly Schema[]): number[] | ErrorObject | undefined {
  const tag = discriminatorOf(branches);
  const data: unknown = union.data;
  if (tag === undefined || !isRecord(data)) return undefined;
  const tagOf = (branch: Schema) => (branch.properties as Record<string, Schema> | undefined)?.[tag];
  const indexes = branches.map((_branch, index) => index);
  if (!(tag in data)) return untaggedBranches(union, branches, tag);
  const matching = indexes.filter((index) => tagOf(branches[index] ?? {})?.const === data[tag]);
  if (matching.length > 0) return matching;
  const allowed = branches.map((branch) => tagOf(branch)?.const).filter((value) => value !== undefined);
  return enumError(union, `${union.instancePath}/${tag}`, allowed);
}

/**
 * Without the tag, the branches that do not declare it; but a body with a field only tagged branches declare meant
 * one of them, so it is the tag that is missing.
 */
function untaggedBranches(union: ErrorObject, branches: readonly Schema[], tag: string): number[] | ErrorObject {
  const declared = (branch: Schema) => Object.keys(branch.properties ?? {});
  const untagged = branches.filter((branch) => !declared(branch).includes(tag));
  const fields = isRecord(union.data) ? Object.keys(union.data) : [];
  const meantTagged = fields.some(
    (field) =>
      !untagged.some((branch) => declared(branch).includes(field)) &&
      branches.some((branch) => declared(branch).includes(field)),
  );
  if (meantTagged || untagged.length === 0) {
    const instancePath = union.instancePath;
    return { keyword: 'required', instancePath, schemaPath: union.schemaPath, params: { missingProperty: tag } };
  }
  return branches.flatMap((branch, index) => (untagged.includes(branch) ? [index] : []));
}

/** The first property that two or more branches declare as a constant: the union's tag. */
function discriminatorOf(branches: readonly Schema[]): string | undefined {
  const counts = new Map<string, number>();
  for (const branch of branches) {
    for (const [name, property] of Object.entries((branch.properties ?? {}) as Record<string, Schema>)) {
      if ('const' in property) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return [...counts].find(([, count]) => count >= 2)?.[0];
}

const isRecord = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonTypes(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

function acceptsType(branch: Schema, value: unknown): boolean {
  const declared = branch.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? (declared as unknown[]) : [declared];
  return jsonTypes(value).some((type) => types.includes(type));
}

function isGuard(union: ErrorObject, index: number, branchErrors: readonly ErrorObject[]): boolean {
  const own = branchErrors.filter((error) => branchIndex(union, error) === index);
  return own.length > 0 && own.every((error) => error.keyword === 'not');
}

function enumError(union: ErrorObject, instancePath: string, allowedValues: unknown[]): ErrorObject {
  return {
    keyword: 'enum',
    instancePath,
    schemaPath: union.schemaPath,
    params: { allowedValues },
    parentSchema: {},
  };
}
