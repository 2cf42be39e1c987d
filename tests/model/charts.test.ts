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
    expect(always).toEqual(['isGuestRole', 'isPasswordExpired', 'isAccountDisabled', null]);
    expect(chartDot(session)).toContain('label="always [isGuestRole]"');
    expect(chartMermaid(session)).toContain('choosing --> guest : always [isGuestRole]');
  });

  it('draw the app root\'s five children, what each tells the root, and what the root tells each', () => {
    const app = models.find((model) => model.name === 'app');
    if (!app) throw new Error('the app root is not in the registry');
    const chart = chartOf(app.name, app.title, app.machine);
    expect(chart.children.map((child) => child.id)).toEqual(['loading', 'client', 'language', 'session', 'cookieConsent']);
    expect(chart.children.find((child) => child.id === 'session')?.announces).toEqual([
      { when: 'enters signedIn', event: 'app.signedIn' },
      { when: 'leaves signedIn', event: 'app.signedOut' },
    ]);
    const dot = chartDot(chart);
    // Each child a box of its own inside the root, and the sign-in story from the session to the root and on to the others.
    for (const child of chart.children) expect(dot).toContain(`"app:child:${child.id}" [id="app:child:${child.id}"`);
    expect(dot).toContain('"app:child:session" -> "app.signedIn" [label="session tells app.signedIn"');
    expect(dot).toContain('"app:child:session" -> "app.visiting" [label="session tells app.signedOut"');
    expect(dot).toContain('"app.visiting" -> "app:child:language" [label="app.signedIn: language.userSignedIn"');
    expect(dot).toContain('"app.visiting" -> "app:child:client" [label="app.signedIn: client.setBillingGroup"');
    expect(dot).toContain('"app:in-any-state" -> "app:child:client" [label="app.addressChanged [hasCode]: client.select\\napp.addressChanged: client.clear\\napp.clientChosen: client.select"');
    // No arrow from a state back to itself for what the root only tells a child.
    const mermaid = chartMermaid(chart);
    expect(mermaid).not.toMatch(/^\s*(\w+) --> \1 :/m);
    expect(mermaid).toContain('child_session --> signedIn : session tells app.signedIn');
    expect(mermaid).toContain('inAnyState --> child_client : app.clientChosen tells client.select');
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
