// Writes test-durations.json (seconds per test file, longest first) from a jest `--json` results file: the order the
// duration sequencer runs files in. Usage: node test/harness/write-durations.js <results.json>
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const results = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const durations = results.testResults
  .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1]);
fs.writeFileSync(
  path.join(__dirname, 'test-durations.json'),
  `${JSON.stringify(Object.fromEntries(durations), null, 1)}\n`,
);
