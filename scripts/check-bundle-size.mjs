// The JavaScript the landing route loads, gzip-compressed, against the budget. It reads Vite's
// manifest: the entry and everything it imports statically (the landing screen among it), plus what
// the router loads on demand for the landing page (its split route chunks). The translations are not JavaScript: the
// default language's JSON catalog, fetched before the first screen, is reported on its own line, and so is
// the console's (office-en-US.json), which the patients' pages never fetch.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const budgetBytes = Number(process.env.LANDING_JS_BUDGET_BYTES ?? 130_000);
const distDir = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
const gzipBytes = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;

const landingModules = [
  'index.html',
  // A server-rendered page starts with this module, which then loads the entry.
  'src/entry-first-paint.ts',
  ...Object.keys(manifest).filter((key) =>
    /^src\/routes\/(__root\.tsx|\{-\$client\}\/(route|index)\.tsx)\?tsr-split/.test(key),
  ),
];
// The landing route travels in the entry (it is not code-split); should it get a chunk of its own
// under a name the list above misses, the measure would leave it out.
const landingChunks = Object.keys(manifest).filter((key) => key.startsWith('src/routes/{-$client}/index.tsx'));
if (landingChunks.some((key) => !landingModules.includes(key))) {
  console.error(`check-bundle-size: the landing route has a chunk this measure does not count (${landingChunks.join(', ')}).`);
  process.exit(1);
}

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-bundle-size: ${key} is not in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
landingModules.forEach(visit);

let total = 0;
const rows = [];
for (const file of files) {
  const bytes = gzipBytes(file);
  total += bytes;
  rows.push([file, bytes]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, bytes] of rows) console.log(`${String(bytes).padStart(8)}  ${file}`);
console.log(`landing route JS: ${total} bytes gzip (budget ${budgetBytes})`);
const catalog = 'assets/locale/en-US.json';
console.log(`en-US catalog (${catalog}): ${gzipBytes(catalog)} bytes gzip, fetched with the first page, not in the JS budget`);
const officeCatalog = 'assets/locale/office-en-US.json';
console.log(`en-US office catalog (${officeCatalog}): ${gzipBytes(officeCatalog)} bytes gzip, fetched only when the console opens`);
if (total > budgetBytes) {
  console.error(`check-bundle-size: over budget by ${total - budgetBytes} bytes`);
  process.exit(1);
}
