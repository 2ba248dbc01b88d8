const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const knownDurations = require('./test-durations.json');

const root = path.resolve(__dirname, '../..');

/**
 * Runs the longest test files first, so the last minutes of a run keep both workers busy instead of one file running
 * alone. Jest does this from its own cache of last run's times, but a fresh clone (CI) has none and falls back to file
 * size, which put the fuzzer (four minutes, a small file) near the end. `test-durations.json` holds seconds per file
 * from a full run (`npm run test:durations` runs the suite and rewrites it); a file it does not list (a new one) counts
 * as 10 s. A file that failed last time still runs first, as jest does.
 */
class DurationSequencer extends Sequencer {
  sort(tests) {
    const durationOf = (test) => knownDurations[path.relative(root, test.path)] ?? 10;
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      const failedB = this.hasFailed(b);
      if (failedA !== failedB) return failedA ? -1 : 1;
      return durationOf(b) - durationOf(a);
    });
  }
}

module.exports = DurationSequencer;
