// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { architecturePlugin } from './eslint.architecture.mjs';

const NODE_BUILTINS = [
  'node:*',
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'dns',
  'events',
  'fs',
  'fs/*',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];
const IO_LIBRARIES = [
  '@mikro-orm/*',
  'pg',
  'koa',
  'koa-*',
  '@koa/*',
  'undici',
  'nodemailer',
  'pdfkit',
  'pino',
  'jsonwebtoken',
];
/** Outbound HTTP to an address a tenant chose is checked and pinned (SSRF, DNS rebinding) in one place. */
const OUTBOUND_HTTP_RULE = {
  group: ['undici', 'node-fetch', 'axios', 'http', 'https', 'node:http', 'node:https'],
  message: 'send outbound HTTP with outboundRequest (infra/net/outbound-http.ts): it checks and pins the address',
};
/**
 * Libraries a folder may not use (docs/architecture.md); which folders may import which is the `architecture/layers`
 * rule (eslint.architecture.mjs), checked on resolved paths.
 */
const libraryRules = [
  {
    files: ['domain/**/*.ts'],
    patterns: [
      {
        group: [...NODE_BUILTINS, ...IO_LIBRARIES, '@temporalio/*'],
        message: 'domain/ is pure: it may import only pure libraries',
      },
    ],
  },
  {
    files: ['workflows/**/*.ts'],
    patterns: [
      {
        group: [...NODE_BUILTINS, ...IO_LIBRARIES, '@temporalio/client', '@temporalio/worker', '@temporalio/activity'],
        message: 'workflow code is deterministic: no I/O',
      },
    ],
  },
  {
    files: ['services/**/*.ts'],
    patterns: [
      { group: ['koa', 'koa-*', '@koa/*'], message: 'services/ know nothing of HTTP: that is api/' },
      OUTBOUND_HTTP_RULE,
    ],
  },
  { files: ['activities/**/*.ts'], patterns: [OUTBOUND_HTTP_RULE] },
].map(({ files, patterns }) => ({
  files,
  ignores: ['**/*.test.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.tools/',
      '.data/',
      'dist/',
      'coverage/',
      '*.config.js',
      '*.config.mjs',
      'eslint.architecture.mjs',
      // Plain CommonJS that jest itself loads (its test sequencer), outside the TypeScript project, like jest.config.js.
      'test/harness/*.js',
      // Generated from the OpenAPI document (npm run clients:generate); a test checks it matches the document.
      'clients/typescript/openapi.d.ts',
      // Plain JavaScript an integrator runs with Node alone, outside the TypeScript project; a guide's test runs it.
      'examples/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, architecture: architecturePlugin },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'read configuration through infra/config.ts (loadConfig)' },
      ],
    },
  },
  ...libraryRules,
  {
    files: ['**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'architecture/layers': 'error' },
  },
  {
    // Tests and test support too: only a module's own files see past its index.ts.
    files: ['**/*.ts'],
    rules: { 'architecture/module-boundary': 'error' },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'domain/ takes `now` as a parameter',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'domain/ takes `now` as a parameter',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'domain/ has no randomness',
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'domain/ is pure' }],
    },
  },
  {
    // Business time comes from the clock port (domain/clock.ts): routes, services and activities never read the wall
    // clock themselves, so a test clock (CONTRACT §16) can replace it. Technical time (timeouts, rate-limit windows,
    // security expiry, signature timestamps) is exempted line by line with the reason.
    files: ['api/**/*.ts', 'services/**/*.ts', 'activities/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'business time comes from the Clock (deps.clock.now() or a `now` parameter)',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'business time comes from the Clock (deps.clock.now() or a `now` parameter)',
        },
      ],
    },
  },
  {
    // The config module reads the environment; the test harness hands settings to jest workers through it.
    files: ['infra/config.ts', 'test/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
