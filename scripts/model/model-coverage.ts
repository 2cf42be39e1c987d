// `npm run model:coverage`: what the generated model paths (and the last browser run of them, if
// it left a record) cover of each registered machine and of the requirements; non-zero below 100%.
import { models } from '../../tests/model/models';
import { readRequirements } from '../../tests/model/requirements';
import { browserRecordPath, coverageOf, isComplete, kinds, readBrowserRecord, shareText } from './coverage';
import { root } from './files';

const started = Date.now();
const record = readBrowserRecord(root);
const results = models.map((model) => coverageOf(model, record));

const header = ['machine', 'paths', 'states', 'transitions', 'guard outcomes', 'requirements', 'browser run'];
const rows = results.map((result) => [
  result.machine,
  String(result.paths),
  ...kinds.map((kind) => shareText(result.model[kind])),
  result.browser === null ? 'no record' : kinds.map((kind) => shareText(result.browser?.[kind] ?? { hit: 0, all: 0, missed: [] })).join(', '),
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
const line = (cells: string[]) => cells.map((text, column) => text.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  record === null
    ? `browser run: no record at ${browserRecordPath} (written by a browser run of the model paths, once there is one)`
    : `browser run: read ${browserRecordPath} (states, transitions, guard outcomes, requirements)`,
);

let failed = false;
for (const result of results) {
  for (const [source, shares] of [
    ['model paths', result.model],
    ['browser run', result.browser],
  ] as const) {
    if (shares === null || isComplete(shares)) continue;
    failed = true;
    for (const kind of kinds) for (const missed of shares[kind].missed) console.log(`missed by the ${source} of ${result.machine}: ${kind} ${missed}`);
  }
}

// The whole requirements page: each one reached by a machine's paths, checked by a named test, or not built yet.
const page = readRequirements(root);
const reached = new Set(results.flatMap((result) => result.reached));
const outside = new Set(page.checkedOutside.map(({ id }) => id));
const waiting = new Set(page.notBuilt.map(({ id }) => id));
const untraced = page.requirements.map(({ id }) => id).filter((id) => !reached.has(id) && !outside.has(id) && !waiting.has(id));
console.log(
  `requirements: ${String(page.requirements.length)} in docs/requirements.md; ${String(reached.size)} reached by model paths, ` +
    `${String([...outside].filter((id) => !reached.has(id)).length)} more checked by named tests, ${String(waiting.size)} not built yet, ` +
    `${String(untraced.length)} untraced${untraced.length > 0 ? `: ${untraced.join(', ')}` : ''}`,
);
if (untraced.length > 0) failed = true;

console.log(`model:coverage took ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failed) {
  console.log('below 100%: see the lines above');
  process.exitCode = 1;
}
