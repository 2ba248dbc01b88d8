// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';

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
const folder = (name) => [`**/${name}`, `**/${name}/**`];

/**
 * The folder dependency rule of docs/architecture.md (STYLE.md): who may import what.
 * `allowTypeImports` lets workflows and activities share message types without pulling code into the bundle.
 */
const folderRules = [
  {
    files: ['domain/**/*.ts'],
    message: 'domain/ is pure: no I/O, Temporal, ORM, HTTP, Node built-ins or other layers',
    patterns: [
      {
        group: [...NODE_BUILTINS, ...IO_LIBRARIES, '@temporalio/*'],
        message: 'domain/ may import only pure libraries',
      },
      {
        group: [
          ...folder('infra'),
          ...folder('api'),
          ...folder('workflows'),
          ...folder('activities'),
          ...folder('worker'),
        ],
        message: 'domain/ may import only domain/',
      },
    ],
  },
  {
    files: ['workflows/**/*.ts'],
    patterns: [
      { group: folder('activities'), allowTypeImports: true, message: 'workflows/ import activities as types only' },
      {
        group: [...folder('infra'), ...folder('api'), ...folder('worker')],
        message: 'workflows/ may not import infra, api or worker',
      },
      {
        group: [...NODE_BUILTINS, ...IO_LIBRARIES, '@temporalio/client', '@temporalio/worker', '@temporalio/activity'],
        message: 'workflow code is deterministic: no I/O',
      },
    ],
  },
  {
    files: ['activities/**/*.ts'],
    patterns: [
      { group: folder('api'), message: 'activities/ may not import api/' },
      {
        group: folder('workflows'),
        allowTypeImports: true,
        message: 'activities/ may import workflow message types only',
      },
    ],
  },
  {
    files: ['api/**/*.ts'],
    patterns: [{ group: folder('activities'), message: 'api/ may not import activities/' }],
  },
  {
    // infra/cli holds process entry points (dev, migrate): composition roots like worker/, exempt below.
    files: ['infra/**/*.ts'],
    ignores: ['infra/cli/**'],
    patterns: [
      {
        group: [...folder('api'), ...folder('workflows'), ...folder('activities')],
        allowTypeImports: true,
        message: 'infra/ may not import api, workflows or activities',
      },
    ],
  },
].map(({ files, ignores = [], patterns }) => ({
  files,
  ignores: ['**/*.test.ts', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));

export default tseslint.config(
  { ignores: ['node_modules/', '.tools/', '.data/', 'dist/', 'coverage/', '*.config.js', '*.config.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
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
  ...folderRules,
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
