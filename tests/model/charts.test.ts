/**
 * The analysts' charts: drawn from the machine definitions (eventless transitions included),
 * one offline page, and committed as `npm run charts` writes them today.
 */
import { describe, expect, it } from 'vitest';
import { chartDot, chartFiles, chartMermaid, chartOf } from '../../scripts/model/charts';
import { root, staleFiles } from '../../scripts/model/files';
import { committedPlan } from '../../scripts/model/plans';
import { allTransitions } from './harness';
import { models } from './models';
import { readRequirements } from './requirements';
import { sessionModel } from './session.model';

const entries = models.map((model) => ({ name: model.name, title: model.title, machine: model.machine, plan: committedPlan(root, model.name) }));
const files = await chartFiles(entries, readRequirements(root).requirements);

describe('the state charts', () => {
  it('draw every transition of every machine, eventless ones included', () => {
    for (const model of models) {
      expect(chartOf(model.name, model.title, model.machine).transitions).toHaveLength(allTransitions(model.machine).length);
    }
    const session = chartOf(sessionModel.name, sessionModel.title, sessionModel.machine);
    const always = session.transitions.filter((transition) => transition.event === 'always').map((transition) => transition.guard);
    expect(always).toEqual(['isGuestRole', 'isAccountDisabled', null]);
    expect(chartDot(session)).toContain('label="always [isGuestRole]"');
    expect(chartMermaid(session)).toContain('choosing --> guest : always [isGuestRole]');
  });

  it('give every machine an SVG, a Mermaid page and a section of the index, with its plan', () => {
    const page = files.get('docs/charts/index.html') ?? '';
    for (const model of models) {
      expect(files.get(`docs/charts/${model.name}.svg`)).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
      expect(files.get(`docs/charts/${model.name}.md`)).toContain('```mermaid\nstateDiagram-v2');
      expect(page).toContain(`<section class="machine" id="${model.name}">`);
    }
    expect(page).toContain('QA plan');
    expect(page).toContain('Path 1 (');
  });

  it('open from the file system with nothing fetched from the network', () => {
    const page = files.get('docs/charts/index.html') ?? '';
    expect(page).not.toMatch(/<(script|img|iframe|link)[^>]+(src|href)=["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//i);
    expect(page).not.toContain('<link');
  });

  it('are committed as npm run charts writes them today', () => {
    expect(staleFiles(files)).toEqual([]);
  });
});
