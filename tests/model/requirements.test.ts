/**
 * Traces the requirements page to the machines: every id a machine names exists, every state and
 * transition names one, and every requirement is reached by a generated model path, checked by a
 * named test that exists, or listed as not built yet.
 */
import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { allTransitions, Coverage, requirementsOf, transitionKey } from './harness';
import { models } from './models';
import { explore } from './paths';
import { parseRequirements, readRequirements, scriptsOf } from './requirements';
import { testTitles, titlesOf } from './test-titles';

const root = process.cwd();
const page = readRequirements(root);
const known = new Set(page.requirements.map((requirement) => requirement.id));

/** Every requirement some generated path of some machine reaches. */
function reachedByPaths(): Set<string> {
  const reached = new Set<string>();
  for (const model of models) {
    const coverage = new Coverage(model.machine);
    for (const path of explore(model)) coverage.add(path.facts);
    for (const id of coverage.requirements) reached.add(id);
  }
  return reached;
}

describe('the requirements page', () => {
  it('gives each requirement one id of the form GROUP-number', () => {
    const ids = page.requirements.map((requirement) => requirement.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids.length).toBeGreaterThan(50);
  });

  it.each(models.map((model) => [model.name, model] as const))('knows every id the %s machine names', (_, model) => {
    const named = [...getStateNodes(model.machine.root), model.machine.root, ...allTransitions(model.machine)].flatMap(requirementsOf);
    expect([...new Set(named)].filter((id) => !known.has(id))).toEqual([]);
  });

  it.each(models.map((model) => [model.name, model] as const))('is named by every state and transition of the %s machine', (_, model) => {
    const bare = [
      ...getStateNodes(model.machine.root)
        .filter((node) => requirementsOf(node).length === 0)
        .map((node) => `state ${node.id}`),
      ...allTransitions(model.machine)
        .filter((transition) => requirementsOf(transition).length === 0)
        .map((transition) => `transition ${transitionKey(transition)}`),
    ];
    expect(bare).toEqual([]);
  });

  it('lists outside checks and unbuilt work only for requirements it has', () => {
    const listed = [...page.checkedOutside, ...page.notBuilt].map(({ id }) => id);
    expect(listed.filter((id) => !known.has(id))).toEqual([]);
  });

  it('names only tests and scripts that exist', () => {
    const existing = { 'end-to-end': titlesOf(root, 'end-to-end'), server: titlesOf(root, 'server'), script: scriptsOf(root) };
    const missing = page.checkedOutside.filter(({ kind, test }) => !existing[kind].has(test)).map(({ id, kind, test }) => `${id} ${kind}: ${test}`);
    expect(missing).toEqual([]);
  });

  // Explores every machine's paths (some 6 s of a core alone; 25 s was seen beside the lint on two cores).
  it('has every requirement reached by a model path, checked by a named test, or listed as not built yet', { timeout: 60_000 }, () => {
    const reached = reachedByPaths();
    const outside = new Set(page.checkedOutside.map(({ id }) => id));
    const waiting = new Set(page.notBuilt.map(({ id }) => id));
    const untraced = [...known].filter((id) => !reached.has(id) && !outside.has(id) && !waiting.has(id));
    expect(untraced).toEqual([]);
    // Built after all: the list must not hide a requirement a machine now implements.
    expect([...waiting].filter((id) => reached.has(id))).toEqual([]);
  });
});

describe('reading the requirements page', () => {
  it('tells requirements, outside checks and unbuilt work apart', () => {
    const parsed = parseRequirements(
      [
        '## Session (SES)',
        '| id | requirement |',
        '| --- | --- |',
        '| SES-1 | Asks who is signed in. |',
        '## Checked outside the machines',
        '| SES-1 | end-to-end | signs in |',
        '## Not built yet',
        '| ACC-1 | the account flows |',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      requirements: [{ id: 'SES-1', group: 'Session (SES)', text: 'Asks who is signed in.' }],
      checkedOutside: [{ id: 'SES-1', kind: 'end-to-end', test: 'signs in' }],
      notBuilt: [{ id: 'ACC-1', waitsFor: 'the account flows' }],
    });
  });

  it('finds test titles as written, template placeholders included', () => {
    const source = "test.describe('group', () => { test(`in ${language}, pays`, () => {}); it(\"a client's page\", () => {}); });";
    expect(testTitles(source)).toEqual(['group', 'in ${language}, pays', "a client's page"]);
  });
});
