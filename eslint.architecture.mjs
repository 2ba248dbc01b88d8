// @ts-check
import { dirname, relative, resolve } from 'node:path';

/**
 * The folder dependency rule of docs/architecture.md, checked on resolved paths (not on import strings), so
 * `../x` and `../../x` mean the same thing wherever the importing file sits:
 *
 *   api → services → (domain, infra); activities → services; workflows → domain (+ `import type` of activities);
 *   worker and cli wire everything together; infra is technical; domain is pure.
 *
 * A service is a module, `services/<area>/<module>/`: from outside it only its `index.ts` may be imported (the
 * `module-boundary` rule, which tests and test support follow too). The areas
 * come in order (platform → catalog → metering → billing → payments): a module imports modules of its own area or
 * of an earlier one, never of a later one; a later area is reached only through a port it registers. Workflow message
 * definitions (`messages.ts`, `wire.ts`, `workflows/shared/`) are the contract between workflows and the code that
 * starts or signals them; the rest of `workflows/` is deterministic code that only the worker bundles.
 */

const ROOT = import.meta.dirname;

/** What each folder may import, besides itself. `workflow-messages` is the contract part of workflows/. */
const ALLOWED = {
  domain: [],
  workflows: ['domain'],
  activities: ['services', 'domain', 'infra', 'workflow-messages'],
  services: ['domain', 'infra', 'workflow-messages'],
  api: ['services', 'domain', 'infra'],
  infra: ['domain'],
  worker: ['activities', 'services', 'domain', 'infra', 'workflows', 'workflow-messages'],
  cli: ['api', 'activities', 'services', 'domain', 'infra', 'workflows', 'workflow-messages'],
};

/** Imports allowed as `import type` only: workflows name the activities' types, never their code. */
const TYPE_ONLY = {
  workflows: ['activities'],
  activities: ['workflows'],
  services: ['workflows'],
};

const WORKFLOW_MESSAGE_FILE = /^workflows\/(shared\/.*|[^/]+\/(messages|wire))\.ts$/;

/** The folder a repository path belongs to, with workflow message definitions told apart. */
function layerOf(path) {
  if (WORKFLOW_MESSAGE_FILE.test(path)) return 'workflow-messages';
  const [top] = path.split('/');
  return top !== undefined && top in ALLOWED ? top : undefined;
}

/** The areas of services/, in dependency order: each may use the ones before it. */
export const SERVICE_AREAS = [
  'platform',
  'catalog',
  'metering',
  'billing',
  'payments',
  'test-clocks',
  'analytics',
  'portal',
];

/** `<area>/<module>` of a path under `services/<area>/<module>/`, or undefined outside a module. */
function serviceOf(path) {
  const match = /^services\/([^/]+)\/([^/]+)\//.exec(path);
  return match === null ? undefined : `${match[1]}/${match[2]}`;
}

/** The area of a path under services/, or undefined. */
function areaOf(path) {
  return /^services\/([^/]+)\//.exec(path)?.[1];
}

/** The repository path an import names, without extension (a file, or a folder meaning its index). */
function resolveTarget(filename, specifier) {
  return relative(ROOT, resolve(dirname(filename), specifier))
    .split('\\')
    .join('/');
}

function isIndexOf(targetPath, service) {
  return targetPath === `services/${service}` || targetPath === `services/${service}/index`;
}

function checkImport(context, node, specifier, typeOnly) {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
  const from = relative(ROOT, context.filename).split('\\').join('/');
  const fromLayer = layerOf(from);
  if (fromLayer === undefined) return;
  const target = resolveTarget(context.filename, specifier);
  const targetLayer = layerOf(`${target}.ts`) ?? layerOf(target);
  if (targetLayer === undefined) return;
  const ownFolder = fromLayer === 'workflow-messages' ? 'workflows' : fromLayer;
  const sameFolder = targetLayer === ownFolder || (ownFolder === 'workflows' && targetLayer === 'workflow-messages');
  if (!sameFolder && !ALLOWED[ownFolder].includes(targetLayer)) {
    const typeAllowed = (TYPE_ONLY[ownFolder] ?? []).includes(
      targetLayer === 'workflow-messages' ? 'workflows' : targetLayer,
    );
    if (!(typeOnly && typeAllowed)) {
      context.report({
        node,
        message: `${ownFolder}/ may not import ${targetLayer}/ (${specifier}): see docs/architecture.md`,
      });
      return;
    }
  }
  const targetArea = areaOf(`${target}/`);
  const ownArea = areaOf(from);
  if (
    targetArea !== undefined &&
    ownArea !== undefined &&
    SERVICE_AREAS.indexOf(targetArea) > SERVICE_AREAS.indexOf(ownArea)
  ) {
    context.report({
      node,
      message: `services/${ownArea} may not import the later area services/${targetArea} (${specifier}): see docs/architecture.md`,
    });
  }
}

/**
 * A module of services/ is reached through its index.ts only, from anywhere outside it: other modules, api/,
 * activities/, worker/, tests of other folders and test/ alike. Its own files (its tests too) import each other.
 */
function checkModuleBoundary(context, node, specifier) {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
  const from = relative(ROOT, context.filename).split('\\').join('/');
  const target = resolveTarget(context.filename, specifier);
  const targetService = serviceOf(`${target}/`);
  if (targetService === undefined || targetService === serviceOf(from) || isIndexOf(target, targetService)) return;
  context.report({
    node,
    message: `services/${targetService} is reached through its index.ts only, not ${specifier}`,
  });
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'the folder dependency rule and the order of the service areas of docs/architecture.md' },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration: (node) => checkImport(context, node, node.source.value, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && checkImport(context, node, node.source.value, isTypeOnly(node)),
      ExportAllDeclaration: (node) => checkImport(context, node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && checkImport(context, node, node.source.value, false),
    };
  },
};

const moduleBoundaryRule = {
  meta: {
    type: 'problem',
    docs: { description: 'a service module is imported through its index.ts only, from outside it' },
    schema: [],
  },
  create(context) {
    const check = (node) => checkModuleBoundary(context, node, node.source.value);
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: (node) => node.source && check(node),
      ExportAllDeclaration: check,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node),
    };
  },
};

export const architecturePlugin = { rules: { layers: layersRule, 'module-boundary': moduleBoundaryRule } };
