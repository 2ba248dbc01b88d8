/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.tools/', '/.data/', '<rootDir>/dist/'],
  // `npm run build` output (the build test's goes below .data/): its copy of package.json would otherwise clash with
  // the root one in jest's module map.
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
  setupFiles: ['<rootDir>/test/harness/worker-database.ts'],
  testTimeout: 60_000,
  testSequencer: '<rootDir>/test/harness/duration-sequencer.js',
  // Three test files at a time, also on a two-core machine (jest's default there is one): most integration files
  // spend their time waiting on PostgreSQL, Temporal timers and child processes, so they overlap well (a full run at
  // two used about 1.2 of the two cores). Every file owns its tenants, task queues and time-skipping server, and files
  // that run worker/main.ts in a process (which acts on every tenant of its database) give it a database of their own
  // (test/harness/own-database.ts), so none depends on running alone.
  maxWorkers: 3,
  // A worker's heap grows with every file it runs (module registries, native handles jest cannot free): past 1.5 GB
  // its garbage collection alone slowed later files several-fold. A worker above this after a file is replaced.
  workerIdleMemoryLimit: '1GB',
};
