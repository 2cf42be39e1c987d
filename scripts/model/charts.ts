/**
 * State charts for analysts, drawn from the machine definitions themselves (eventless `always`
 * transitions included, which xstate/graph's helpers leave out): a Graphviz SVG (rendered by
 * Graphviz in WebAssembly, no browser, no network) and a Mermaid chart per machine, and one
 * offline page, `docs/charts/index.html`, with every chart, its states, events, guards,
 * descriptions, requirements and QA plan, searchable.
 */
import { instance, type Viz } from '@viz-js/viz';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { allTransitions, compareIds, guardLabel, requirementsOf, transitionKey } from '../../tests/model/harness';
import type { Requirement } from '../../tests/model/requirements';
import type { Plan } from './plans';

/** A state of the chart. */
export interface ChartState {
  id: string;
  /** Its name in its parent, e.g. `choosingAmounts`. */
  key: string;
  /** Its path below the machine, e.g. `paying.choosingAmounts`. */
  path: string;
  type: AnyStateNode['type'];
  parent: string | null;
  initial: string | null;
  description: string;
  tags: string[];
  requirements: string[];
  /** What it does on entry and exit, and the actors it runs while active. */
  entry: string[];
  exit: string[];
  invokes: string[];
}

/** A transition of the chart. */
export interface ChartTransition {
  /** A stable key: its state, its event (or "(always)") and its place among that event's transitions. */
  key: string;
  source: string;
  /** The event as the chart labels it: `payment.continue`, `done: loadAccount`, `after pollInterval`, `always`. */
  event: string;
  eventType: string;
  guard: string | null;
  targets: string[];
  /** No target: the state stays, only actions run (or nothing, when a guard turns the event away). */
  internal: boolean;
  actions: string[];
  description: string;
  requirements: string[];
  /** What its actions send to the machine's invoked children: the child's id and the event sent. */
  tells: { child: string; sends: string }[];
}

/** A child machine a state invokes, and what the child tells its parent. */
export interface ChartChild {
  /** Its invoke id (the id the parent sends to). */
  id: string;
  /** The state that invokes it (the machine's root for an app-wide child). */
  parent: string;
  /** The child machine's own id. */
  machineId: string;
  /** Each event the child sends its parent, and when: `enters signedIn`, `leaves signedIn`, `checking on session.check`. */
  announces: { when: string; event: string }[];
}

export interface Chart {
  name: string;
  title: string;
  machineId: string;
  description: string;
  states: ChartState[];
  transitions: ChartTransition[];
  children: ChartChild[];
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  // XState's built-in actions (an inline assign) are functions that carry their type.
  if ((typeof action === 'object' || typeof action === 'function') && action !== null && 'type' in action && typeof action.type === 'string') {
    return action.type.replace(/^xstate\./, '');
  }
  return 'inline';
}

/** An event type as the chart labels it. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1] ?? ''}: ${actor[2] ?? ''}`;
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delay) return `after ${delay[1] ?? ''}`;
  return eventType;
}

/** The target and the event of a `sendTo`/`sendParent` action (named in `setup` or inline), or null for any other action. */
function sendToOf(machine: AnyStateMachine, action: unknown): { to: unknown; event: string } | null {
  const named: unknown = typeof action === 'function' ? action : (machine.implementations.actions as Record<string, unknown>)[actionName(action)];
  if ((typeof named !== 'function' && typeof named !== 'object') || named === null) return null;
  if (!('type' in named) || named.type !== 'xstate.sendTo' || !('to' in named) || !('event' in named)) return null;
  return { to: named.to, event: sentEventType(named.event) };
}

/** The type of the event a `sendTo` sends: written out, or made by its function from the action's parameters. */
function sentEventType(event: unknown): string {
  if (typeof event === 'object' && event !== null && 'type' in event && typeof event.type === 'string') return event.type;
  if (typeof event === 'function') {
    try {
      // The chart needs only the event's type, which no event function here reads from its arguments.
      const made = (event as (args: unknown, params: unknown) => unknown)({ context: {}, event: { type: '' } }, {});
      if (typeof made === 'object' && made !== null && 'type' in made && typeof made.type === 'string') return made.type;
    } catch {
      // An event made from the context or the parameters it was not given: named by its place.
    }
  }
  return '(an event)';
}

/** xstate's target of `sendParent`. */
const parentTarget = '#_parent';

/** The child machines the machine's states invoke, each with what it tells its parent. */
function childrenOf(machine: AnyStateMachine): ChartChild[] {
  const actors = machine.implementations.actors as Record<string, unknown>;
  return stateNodes(machine.root).flatMap((node) =>
    node.invoke.flatMap((invoke): ChartChild[] => {
      const child = typeof invoke.src === 'string' ? actors[invoke.src] : invoke.src;
      if (!(child instanceof StateMachine)) return [];
      const childMachine: AnyStateMachine = child;
      const where = (state: AnyStateNode) => (state.id === childMachine.root.id ? 'any state' : state.path.join('.'));
      const toParent = (actions: readonly unknown[]) =>
        actions.flatMap((action) => {
          const send = sendToOf(childMachine, action);
          return send !== null && send.to === parentTarget ? [send.event] : [];
        });
      const announces = stateNodes(childMachine.root).flatMap((state) => [
        ...toParent(state.entry).map((event) => ({ when: `enters ${where(state)}`, event })),
        ...toParent(state.exit).map((event) => ({ when: `leaves ${where(state)}`, event })),
      ]);
      for (const transition of allTransitions(childMachine)) {
        for (const event of toParent(transition.actions)) announces.push({ when: `${where(transition.source)} on ${eventLabel(String(transition.eventType))}`, event });
      }
      return [{ id: invoke.id, parent: node.id, machineId: childMachine.root.id, announces }];
    }),
  );
}

/** Walks a machine's definition into a chart. */
export function chartOf(name: string, title: string, machine: AnyStateMachine): Chart {
  const rootId = machine.root.id;
  const pathOf = (node: AnyStateNode) => (node.id === rootId ? '(machine)' : node.path.join('.'));
  const states = stateNodes(machine.root).map((node) => ({
    id: node.id,
    key: node.key,
    path: pathOf(node),
    type: node.type,
    parent: node.parent?.id ?? null,
    initial: node.type === 'compound' ? (node.initial.target[0]?.id ?? null) : null,
    description: node.description ?? '',
    tags: [...node.tags].sort(),
    requirements: requirementsOf(node).sort(compareIds),
    entry: node.entry.map(actionName),
    exit: node.exit.map(actionName),
    invokes: node.invoke.map((invoke) => invoke.id),
  }));
  const children = childrenOf(machine);
  const childIds = new Set(children.map((child) => child.id));
  const transitions = allTransitions(machine).map((transition) => ({
    key: transitionKey(transition),
    source: transition.source.id,
    event: eventLabel(String(transition.eventType)),
    eventType: String(transition.eventType),
    guard: transition.guard === undefined ? null : guardLabel(transition.guard),
    targets: (transition.target ?? []).map((target) => target.id),
    internal: !transition.target || transition.target.length === 0,
    actions: transition.actions.map(actionName),
    description: transition.description ?? '',
    requirements: requirementsOf(transition).sort(compareIds),
    tells: transition.actions.flatMap((action) => {
      const send = sendToOf(machine, action);
      return send !== null && typeof send.to === 'string' && childIds.has(send.to) ? [{ child: send.to, sends: send.event }] : [];
    }),
  }));
  return { name, title, machineId: rootId, description: machine.root.description ?? '', states, transitions, children };
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const transitionText = (transition: ChartTransition) => `${transition.event}${transition.guard === null ? '' : ` [${transition.guard}]`}`;
const tooltip = (description: string, requirements: readonly string[]) =>
  [description, requirements.length > 0 ? `Requirements: ${requirements.join(', ')}` : ''].filter(Boolean).join('\n');

/** The chart in Graphviz's DOT: compound states as clusters, targetless transitions inside their state. */
export function chartDot(chart: Chart): string {
  const byId = new Map(chart.states.map((state) => [state.id, state]));
  const isCluster = (state: ChartState) => state.type === 'compound' || state.type === 'parallel';
  const children = (id: string) => chart.states.filter((state) => state.parent === id);
  const anchor = (id: string) => `${id}:anchor`;
  const within = (id: string, ancestor: string): boolean => {
    for (let current = byId.get(id); current; current = current.parent === null ? undefined : byId.get(current.parent)) {
      if (current.id === ancestor) return true;
    }
    return false;
  };
  // A compound state's transition into its own inside is written in its box: an arrow from its
  // initial dot would read as its initial state.
  const inward = (transition: ChartTransition) =>
    !transition.internal && transition.targets.every((target) => target !== transition.source && within(target, transition.source));
  const root = chart.states.find((state) => state.parent === null);
  // The machine's own targetless transitions that tell its children start from one node, "in any state".
  const anyState = `${root?.id ?? chart.machineId}:in-any-state`;
  const tellsFromAnyState = (transition: ChartTransition) => transition.source === root?.id && transition.internal && transition.tells.length > 0;
  const internals = (id: string) =>
    chart.transitions.filter((transition) => transition.source === id && (transition.internal || inward(transition)) && !tellsFromAnyState(transition));
  const childNode = (child: ChartChild) => `${child.parent}:child:${child.id}`;
  const childLabel = (child: ChartChild) => {
    const rows = [
      `<tr><td align="left"><b>${html(child.id)}</b></td></tr>`,
      `<tr><td align="left"><font point-size="8" color="#2b6cb0">invoked child machine <i>${html(child.machineId)}</i></font></td></tr>`,
      ...child.announces.map((announce) => `<tr><td align="left"><font point-size="8">${html(`${announce.when}: tells ${announce.event}`)}</font></td></tr>`),
    ];
    return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">${rows.join('')}</table>>`;
  };
  const drawChildren = (state: ChartState, indent: string) => {
    for (const child of chart.children.filter((candidate) => candidate.parent === state.id)) {
      lines.push(
        `${indent}${quoted(childNode(child))} [id=${quoted(`${chart.name}:child:${child.id}`)}, label=${childLabel(child)}, fillcolor="#ebf8ff", color="#2b6cb0", tooltip=${quoted(`The ${child.machineId} machine, run as the child ${child.id} while ${state.path} is active.`)}];`,
      );
      if (!isCluster(state)) lines.push(`${indent}${quoted(state.id)} -> ${quoted(childNode(child))} [label="runs", style=dotted, color="#2b6cb0", fontcolor="#2b6cb0"];`);
    }
  };
  const targetKeys = (transition: ChartTransition) => transition.targets.map((target) => byId.get(target)?.key ?? target).join(', ');
  const lines = [
    `digraph ${quoted(chart.name)} {`,
    '  graph [rankdir=LR, compound=true, fontname="Helvetica", fontsize=11, nodesep=0.25, ranksep=0.45, newrank=true];',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#4a5568", fontname="Helvetica", fontsize=10];',
    '  edge [fontname="Helvetica", fontsize=9, color="#4a5568", arrowsize=0.7];',
  ];
  const label = (state: ChartState, bold: boolean) => {
    const rows = [`<tr><td align="left">${bold ? '<b>' : ''}${html(state.key)}${bold ? '</b>' : ''}</td></tr>`];
    if (state.tags.length > 0) rows.push(`<tr><td align="left"><font point-size="8" color="#2b6cb0">tags: ${html(state.tags.join(', '))}</font></td></tr>`);
    for (const transition of internals(state.id)) {
      const to = transition.internal ? '' : ` → ${targetKeys(transition)}`;
      rows.push(`<tr><td align="left"><font point-size="8">${html(`${transitionText(transition)}${to}`)}</font></td></tr>`);
    }
    if (state.requirements.length > 0) {
      rows.push(`<tr><td align="left"><font point-size="7" color="#718096">${html(state.requirements.join(' '))}</font></td></tr>`);
    }
    return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">${rows.join('')}</table>>`;
  };
  const draw = (state: ChartState, indent: string): void => {
    if (isCluster(state)) {
      const parallel = state.type === 'parallel';
      lines.push(
        `${indent}subgraph ${quoted(`cluster_${state.id}`)} {`,
        `${indent}  id=${quoted(`${chart.name}:${state.id}`)}; label=${label(state, true)}; labeljust=l; tooltip=${quoted(tooltip(state.description, state.requirements))};`,
        `${indent}  style="rounded${parallel ? ',dashed' : ''}"; color="#4a5568"; fontname="Helvetica"; fontsize=10;`,
      );
      // The anchor lets an edge start or end at the cluster; for a compound state it is the initial dot.
      lines.push(
        state.type === 'compound'
          ? `${indent}  ${quoted(anchor(state.id))} [shape=point, width=0.09, style=filled, fillcolor="#1a202c", label="", tooltip="initial state"];`
          : `${indent}  ${quoted(anchor(state.id))} [shape=point, width=0.01, style=invis, label=""];`,
      );
      for (const child of children(state.id)) draw(child, `${indent}  `);
      drawChildren(state, `${indent}  `);
      if (state.id === root?.id && chart.transitions.some(tellsFromAnyState)) {
        lines.push(`${indent}  ${quoted(anyState)} [shape=note, label="in any state", fillcolor="#f0fff4", color="#2f855a", fontsize=9, tooltip="The machine's own transitions, taken in whichever state it is"];`);
      }
      if (state.initial !== null) {
        const initial = byId.get(state.initial);
        if (initial) lines.push(`${indent}  ${quoted(anchor(state.id))} -> ${quoted(isCluster(initial) ? anchor(initial.id) : initial.id)}${isCluster(initial) ? ` [lhead=${quoted(`cluster_${initial.id}`)}]` : ''};`);
      }
      lines.push(`${indent}}`);
    } else {
      lines.push(
        `${indent}${quoted(state.id)} [id=${quoted(`${chart.name}:${state.id}`)}, label=${label(state, false)}, tooltip=${quoted(tooltip(state.description, state.requirements))}${state.type === 'final' ? ', peripheries=2' : ''}];`,
      );
      drawChildren(state, indent);
    }
  };
  if (root) draw(root, '  ');
  for (const transition of chart.transitions) {
    if (transition.internal || inward(transition)) continue;
    const source = byId.get(transition.source);
    if (!source) continue;
    for (const targetId of transition.targets) {
      const target = byId.get(targetId);
      if (!target) continue;
      const attributes = [
        `id=${quoted(`${chart.name}:${transition.key}`)}`,
        `label=${quoted(transitionText(transition))}`,
        `tooltip=${quoted(tooltip(transition.description, transition.requirements))}`,
      ];
      // An edge leaves or enters a cluster at its border, unless one contains the other.
      if (isCluster(source) && !within(target.id, source.id)) attributes.push(`ltail=${quoted(`cluster_${source.id}`)}`);
      if (isCluster(target) && !within(source.id, target.id)) attributes.push(`lhead=${quoted(`cluster_${target.id}`)}`);
      if (transition.eventType === '') attributes.push('style=dashed');
      const from = isCluster(source) ? anchor(source.id) : source.id;
      const to = isCluster(target) ? anchor(target.id) : target.id;
      lines.push(`  ${quoted(from)} -> ${quoted(to)} [${attributes.join(', ')}];`);
    }
  }
  // What each child tells the machine, drawn to the state its message leads to.
  for (const child of chart.children) {
    for (const announce of child.announces) {
      for (const transition of chart.transitions.filter((candidate) => candidate.eventType === announce.event && !candidate.internal)) {
        for (const target of transition.targets.flatMap((id) => byId.get(id) ?? [])) {
          const head = isCluster(target) ? `, lhead=${quoted(`cluster_${target.id}`)}` : '';
          lines.push(
            `  ${quoted(childNode(child))} -> ${quoted(isCluster(target) ? anchor(target.id) : target.id)} [label=${quoted(`${child.id} tells ${announce.event}`)}, tooltip=${quoted(`${child.id}: ${announce.when}`)}, style=dotted, color="#2b6cb0", fontcolor="#2b6cb0"${head}];`,
          );
        }
      }
    }
  }
  // What the machine's transitions tell its children, one arrow per state and child.
  const told = new Map<string, { from: string; child: ChartChild; lines: string[] }>();
  for (const transition of chart.transitions) {
    const source = byId.get(transition.source);
    if (!source) continue;
    const from = tellsFromAnyState(transition) ? anyState : isCluster(source) ? anchor(source.id) : source.id;
    for (const tell of transition.tells) {
      const child = chart.children.find((candidate) => candidate.id === tell.child);
      if (!child) continue;
      const key = `${from} ${child.id}`;
      const entry = told.get(key) ?? { from, child, lines: [] };
      entry.lines.push(`${transitionText(transition)}: ${tell.sends}`);
      told.set(key, entry);
    }
  }
  for (const { from, child, lines: said } of told.values()) {
    lines.push(`  ${quoted(from)} -> ${quoted(childNode(child))} [label=${quoted(said.join('\n'))}, style=dotted, color="#2f855a", fontcolor="#2f855a"];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** Renders DOT to SVG with Graphviz in WebAssembly. */
export async function renderSvg(dots: readonly string[]): Promise<string[]> {
  const viz: Viz = await instance();
  return dots.map((dot) => viz.renderString(dot, { format: 'svg' }));
}

/**
 * The chart in Mermaid (`stateDiagram-v2`), which renders in merge requests. Mermaid cannot join
 * states inside two different composite states, so each arrow is written in the innermost state
 * holding both ends, between the ends' outermost states there (the SVG is exact).
 */
export function chartMermaid(chart: Chart): string {
  const byId = new Map(chart.states.map((state) => [state.id, state]));
  const keys = chart.states.map((state) => state.key);
  const name = (state: ChartState) => {
    const plain = keys.filter((key) => key === state.key).length === 1 ? state.key : state.path.replace(/\./g, '_');
    return plain.replace(/[^A-Za-z0-9_]/g, '_');
  };
  const text = (value: string) => value.replace(/[:;#{}]/g, ' ').replace(/\s+/g, ' ').trim();
  const chain = (id: string): ChartState[] => {
    const states: ChartState[] = [];
    for (let current = byId.get(id); current; current = current.parent === null ? undefined : byId.get(current.parent)) states.push(current);
    return states;
  };
  // The arrows to write inside each composite state (the machine's own are written at the top).
  const arrows = new Map<string, string[]>();
  const add = (holder: string, line: string) => arrows.set(holder, [...(arrows.get(holder) ?? []), line]);
  const root = chart.states.find((state) => state.parent === null);
  // The machine's own children (the app's), each a state of the chart that tells and is told.
  const rootChildren = chart.children.filter((child) => child.parent === root?.id);
  const childName = (id: string) => `child_${id.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const anyState = 'inAnyState';
  for (const child of rootChildren) {
    for (const announce of child.announces) {
      for (const transition of chart.transitions.filter((candidate) => candidate.eventType === announce.event && !candidate.internal)) {
        for (const target of transition.targets.flatMap((id) => chain(id).at(-2) ?? [])) {
          if (root) add(root.id, `${childName(child.id)} --> ${name(target)} : ${text(`${child.id} tells ${announce.event}`)}`);
        }
      }
    }
  }
  for (const transition of chart.transitions) {
    const source = byId.get(transition.source);
    if (!source || !root) continue;
    const label = text(transitionText(transition));
    // What a transition tells the machine's own children: an arrow to the child.
    for (const tell of transition.tells) {
      if (!rootChildren.some((child) => child.id === tell.child)) continue;
      const from = source.id === root.id ? anyState : name(chain(source.id).at(-2) ?? source);
      add(root.id, `${from} --> ${childName(tell.child)} : ${label} tells ${text(tell.sends)}`);
    }
    if (source.id === root.id && transition.internal && transition.tells.length > 0) continue;
    if (source.id === root.id) {
      // The machine's own transitions apply in every state: drawn from each top-level one.
      const targets = transition.internal ? [] : transition.targets.map((id) => chain(id).at(-2)).filter((state): state is ChartState => state !== undefined);
      for (const from of chart.states.filter((state) => state.parent === root.id)) {
        for (const to of targets.length > 0 ? targets : [from]) add(root.id, `${name(from)} --> ${name(to)} : ${label}`);
      }
      continue;
    }
    const targets = transition.internal ? [source.id] : transition.targets;
    for (const targetId of targets) {
      const sourceChain = chain(source.id);
      const targetChain = chain(targetId);
      const holder = sourceChain.find((state) => state.id !== source.id && targetChain.includes(state)) ?? root;
      const from = sourceChain[sourceChain.indexOf(holder) - 1] ?? source;
      const to = targetChain[targetChain.indexOf(holder) - 1] ?? source;
      // An arrow from a composite state into its own inside keeps its target in the label.
      const inner = from.id === to.id && targetId !== source.id ? ` to ${byId.get(targetId)?.key ?? ''}` : '';
      add(holder.id, `${name(from)} --> ${name(to)} : ${label}${inner}`);
    }
  }
  const lines = ['stateDiagram-v2', '  direction LR'];
  const draw = (state: ChartState, indent: string): void => {
    const children = chart.states.filter((child) => child.parent === state.id);
    if (state.parent === null) {
      for (const child of rootChildren) lines.push(`${indent}state "${text(`${child.id} (invoked child machine ${child.machineId})`)}" as ${childName(child.id)}`);
      if (chart.transitions.some((transition) => transition.source === state.id && transition.internal && transition.tells.length > 0)) lines.push(`${indent}state "in any state" as ${anyState}`);
    }
    if (children.length === 0) {
      lines.push(`${indent}${name(state)}`);
      return;
    }
    const isRoot = state.parent === null;
    const inner = isRoot ? indent : `${indent}  `;
    if (!isRoot) lines.push(`${indent}state ${name(state)} {`);
    if (state.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${inner}--`);
        draw(child, inner);
      });
    } else {
      const initial = state.initial === null ? undefined : byId.get(state.initial);
      if (initial) lines.push(`${inner}[*] --> ${name(initial)}`);
      for (const child of children) draw(child, inner);
    }
    for (const arrow of arrows.get(state.id) ?? []) lines.push(`${inner}${arrow}`);
    if (!isRoot) lines.push(`${indent}}`);
  };
  if (root) draw(root, '  ');
  return `${lines.join('\n')}\n`;
}

/** The Markdown page that shows the Mermaid chart in a merge request. */
export function chartMarkdown(chart: Chart): string {
  return [
    `# ${chart.title}: state chart`,
    '',
    chart.description,
    '',
    `Written by \`npm run charts\` from the machine's definition; do not edit by hand. The same chart drawn by Graphviz is [${chart.name}.svg](${chart.name}.svg); states, transitions, requirements and the QA plan are in [index.html](index.html).`,
    '',
    '```mermaid',
    chartMermaid(chart).trimEnd(),
    '```',
    '',
  ].join('\n');
}

/** The SVG as it goes inside the page: without its XML prologue. */
function inlineSvg(svg: string): string {
  return svg.slice(svg.indexOf('<svg'));
}

const list = (items: readonly string[]) => items.map(html).join(', ');

/** One offline page with every machine: chart, states, events, guards, requirements, QA plan, and a search box. */
export function chartsPage(
  charts: readonly { chart: Chart; svg: string; plan: Plan | null }[],
  requirements: readonly Requirement[],
): string {
  const text = new Map(requirements.map((requirement) => [requirement.id, requirement.text]));
  const ids = (values: readonly string[]) =>
    values.map((id) => `<abbr title="${html(text.get(id) ?? 'not in docs/requirements.md')}">${html(id)}</abbr>`).join(' ');
  const sections = charts.map(({ chart, svg, plan }) => {
    const statePath = (id: string) => chart.states.find((state) => state.id === id)?.path ?? id;
    const events = [...new Set(chart.transitions.map((transition) => transition.event))].sort();
    const guards = [...new Set(chart.transitions.flatMap((transition) => (transition.guard === null ? [] : [transition.guard])))].sort();
    const named = [...new Set([...chart.states, ...chart.transitions].flatMap((item) => item.requirements))].sort(compareIds);
    const where = (id: string) =>
      [
        ...chart.states.filter((state) => state.requirements.includes(id)).map((state) => state.path),
        ...chart.transitions.filter((transition) => transition.requirements.includes(id)).map((transition) => `${statePath(transition.source)} on ${transition.event}`),
      ].join('; ');
    const rows = {
      states: chart.states
        .filter((state) => state.parent !== null)
        .map(
          (state) =>
            `<tr><td><code>${html(state.path)}</code></td><td>${html(state.type)}</td><td>${html(state.description)}</td><td>${list(state.tags)}</td>` +
            `<td>${list([...state.entry.map((name) => `entry ${name}`), ...state.exit.map((name) => `exit ${name}`), ...state.invokes.map((name) => `runs ${name}`)])}</td><td>${ids(state.requirements)}</td></tr>`,
        ),
      transitions: chart.transitions.map(
        (transition) =>
          `<tr><td><code>${html(statePath(transition.source))}</code></td><td><code>${html(transition.event)}</code></td><td>${transition.guard === null ? '' : `<code>${html(transition.guard)}</code>`}</td>` +
          `<td>${transition.internal ? '(stays)' : transition.targets.map((id) => `<code>${html(statePath(id))}</code>`).join(', ')}</td><td>${html(transition.description)}</td><td>${list(transition.actions)}</td><td>${ids(transition.requirements)}</td></tr>`,
      ),
      events: events.map(
        (event) =>
          `<tr><td><code>${html(event)}</code></td><td>${chart.transitions
            .filter((transition) => transition.event === event)
            .map((transition) => `<code>${html(statePath(transition.source))}</code>`)
            .filter((value, index, all) => all.indexOf(value) === index)
            .join(', ')}</td></tr>`,
      ),
      guards: guards.map(
        (guard) =>
          `<tr><td><code>${html(guard)}</code></td><td>${chart.transitions
            .filter((transition) => transition.guard === guard)
            .map((transition) => `<code>${html(statePath(transition.source))}</code> on <code>${html(transition.event)}</code>`)
            .join(', ')}</td></tr>`,
      ),
      requirements: named.map((id) => `<tr><td>${html(id)}</td><td>${html(text.get(id) ?? '')}</td><td>${html(where(id))}</td></tr>`),
    };
    const planHtml =
      plan === null
        ? '<p>No QA plan yet: run <code>npm run model:plans</code>.</p>'
        : `<p>${String(plan.paths.length)} paths chosen from ${String(plan.generated)} generated cover all ${String(plan.covers.states)} states, ${String(plan.covers.transitions)} transitions and ${String(plan.covers.guardOutcomes)} guard outcomes (<a href="../model/${html(plan.machine)}.plan.md">plan</a>, <a href="../model/${html(plan.machine)}.plan.csv">CSV</a>, <a href="../model/${html(plan.machine)}.plan.json">JSON</a>).</p>` +
          plan.paths
            .map(
              (path) =>
                `<details class="row"><summary>Path ${String(path.number)} (${html(path.start)}, ${String(path.steps.length - 1)} steps): ${html(path.title)}</summary>` +
                `<table><thead><tr><th>#</th><th>the person or the system</th><th>what the portal does</th><th>state reached</th><th>requirements</th></tr></thead><tbody>` +
                path.steps
                  .map(
                    (step) =>
                      `<tr><td>${String(step.step)}</td><td>${html(step.does)}</td><td>${html(step.happens)}</td><td><code>${html(step.state)}</code></td><td>${ids(step.requirements)}</td></tr>`,
                  )
                  .join('') +
                '</tbody></table></details>',
            )
            .join('\n');
    const table = (title: string, head: readonly string[], body: readonly string[]) =>
      `<h3>${title}</h3><table><thead><tr>${head.map((cell) => `<th>${cell}</th>`).join('')}</tr></thead><tbody>${body.join('\n')}</tbody></table>`;
    return [
      `<section class="machine" id="${html(chart.name)}">`,
      `<h2>${html(chart.title)} <small><code>${html(chart.machineId)}</code></small></h2>`,
      `<p>${html(chart.description)}</p>`,
      `<p class="files"><a href="${html(chart.name)}.svg">SVG</a> · <a href="${html(chart.name)}.md">Mermaid</a></p>`,
      `<div class="chart">${inlineSvg(svg)}</div>`,
      table('States', ['state', 'kind', 'description', 'tags', 'does', 'requirements'], rows.states),
      table('Transitions', ['from', 'event', 'guard', 'to', 'description', 'actions', 'requirements'], rows.transitions),
      table('Events', ['event', 'handled in'], rows.events),
      table('Guards', ['guard', 'decides'], rows.guards),
      table('Requirements', ['id', 'requirement', 'named by'], rows.requirements),
      `<h3>QA plan</h3>${planHtml}`,
      '</section>',
    ].join('\n');
  });
  const nav = charts.map(({ chart }) => `<a href="#${html(chart.name)}">${html(chart.title)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>State charts of the patient billing portal</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1400px; padding: 1rem; color: #1a202c; }
header { position: sticky; top: 0; background: #fff; padding: 0.5rem 0; border-bottom: 1px solid #cbd5e0; z-index: 1; }
input[type=search] { font-size: 1rem; padding: 0.3rem 0.5rem; width: min(30rem, 100%); }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.85rem; }
th, td { border: 1px solid #cbd5e0; padding: 0.2rem 0.4rem; text-align: left; vertical-align: top; }
th { background: #edf2f7; }
.chart { overflow: auto; border: 1px solid #cbd5e0; padding: 0.5rem; }
.chart svg { max-width: none; height: auto; }
abbr { text-decoration: underline dotted; cursor: help; }
details { margin: 0.25rem 0; }
[hidden] { display: none !important; }
small { font-weight: normal; color: #4a5568; }
</style>
</head>
<body>
<header>
<h1>State charts of the patient billing portal</h1>
<p>Written by <code>npm run charts</code> from the machines in <code>machines/</code>; do not edit by hand. Dashed arrows are eventless (<code>always</code>) transitions, dashed boxes parallel states; a dot marks the initial state. Hover a state or an arrow for its description and requirements.</p>
<p><label>Search states, events, guards, descriptions, requirements and plans: <input type="search" id="search" autocomplete="off"></label> <span id="count"></span></p>
<nav>${nav}</nav>
</header>
<main>
${sections.join('\n')}
</main>
<script>
// Hides the rows, plan paths and machines that do not match every word typed.
const search = document.getElementById('search');
const count = document.getElementById('count');
search.addEventListener('input', () => {
  const words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
  const matches = (element) => words.every((word) => element.textContent.toLowerCase().includes(word));
  let shown = 0;
  for (const section of document.querySelectorAll('section.machine')) {
    let any = false;
    for (const row of section.querySelectorAll('tbody > tr, details.row')) {
      if (row.closest('details.row') && row.tagName === 'TR') continue;
      const hit = words.length === 0 || matches(row);
      row.hidden = !hit;
      if (hit) { any = true; shown++; }
      if (hit && words.length > 0 && row.tagName === 'DETAILS') row.open = true;
    }
    section.hidden = words.length > 0 && !any && !matches(section.querySelector('h2'));
  }
  count.textContent = words.length === 0 ? '' : shown + ' matching';
});
</script>
</body>
</html>
`;
}

/** Every chart file of the models, by its path from the repository's root. */
export async function chartFiles(
  entries: readonly { name: string; title: string; machine: AnyStateMachine; plan: Plan | null }[],
  requirements: readonly Requirement[],
): Promise<Map<string, string>> {
  const charts = entries.map(({ name, title, machine }) => chartOf(name, title, machine));
  const svgs = await renderSvg(charts.map(chartDot));
  const files = new Map<string, string>();
  charts.forEach((chart, index) => {
    files.set(`docs/charts/${chart.name}.svg`, svgs[index] ?? '');
    files.set(`docs/charts/${chart.name}.md`, chartMarkdown(chart));
  });
  files.set(
    'docs/charts/index.html',
    chartsPage(
      charts.map((chart, index) => ({ chart, svg: svgs[index] ?? '', plan: entries[index]?.plan ?? null })),
      requirements,
    ),
  );
  return files;
}
