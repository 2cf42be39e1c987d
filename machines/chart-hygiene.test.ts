/**
 * What analysts see in the charts and QA read in the plans: every action has a name (an inline
 * `assign` shows as a bare "xstate.assign"), no transition is drawn twice (same state, event, guard
 * and target), and the descriptions speak the business's language: every state and every
 * transition that is not obvious is described, API names only in parentheses, no setting quoted by
 * its value (it would go stale when the setting changes).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { paymentMachine } from './payment/payment.machine';

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
}

/** The timer XState itself starts and stops for an `after` transition (drawn as that transition, not as an action). */
function isDelayTimer(action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const timer = action as { type?: unknown; id?: unknown; sendId?: unknown };
  const id = timer.type === 'xstate.raise' ? timer.id : timer.type === 'xstate.cancel' ? timer.sendId : undefined;
  return typeof id === 'string' && id.startsWith('xstate.after.');
}

/** Each action as the chart names it: a string or `{ type }`; an inline function has no name of ours. */
function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string') return action.type;
  return null;
}

interface Drawn {
  where: string;
  actions: readonly unknown[];
  key: string;
  /** The same transition drawn from another state: event, guard, target and actions. */
  shape: string;
}

/** Every transition, entry and exit of the machine, with what is drawn for it. */
function drawn(machine: AnyStateMachine): Drawn[] {
  const result: Drawn[] = [];
  for (const node of stateNodes(machine.root)) {
    result.push({ where: `${node.id} entry`, actions: node.entry, key: `entry ${node.id}`, shape: '' });
    result.push({ where: `${node.id} exit`, actions: node.exit, key: `exit ${node.id}`, shape: '' });
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const transition of transitions) {
      const guard = transition.guard === undefined ? '' : JSON.stringify(typeof transition.guard === 'function' ? 'inline' : transition.guard);
      const targets = (transition.target ?? []).map((target: AnyStateNode) => target.id).join(',');
      result.push({
        where: `${node.id} on ${transition.eventType}`,
        actions: transition.actions,
        key: `${node.id} ${transition.eventType} ${guard} -> ${targets}`,
        shape: targets === '' ? '' : `${transition.eventType} ${guard} -> ${targets} [${transition.actions.map(actionName).join(',')}]`,
      });
    }
  }
  return result;
}

/** Every machine of the folder, found by its file name: a new machine is checked without a line here. */
const machines: [string, AnyStateMachine][] = Object.entries(import.meta.glob<Record<string, unknown>>('./*/*.machine.ts', { eager: true }))
  .flatMap(([file, exports]) =>
    Object.values(exports)
      .filter((value): value is AnyStateMachine => typeof value === 'object' && value !== null && 'root' in value && 'config' in value)
      .map((machine): [string, AnyStateMachine] => [`${machine.id} (${file})`, machine]),
  )
  .sort(([a], [b]) => (a < b ? -1 : 1));

function transitionsOf(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return stateNodes(machine.root).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
}

/** Not obvious from its name: a guarded choice (or its fallback), an eventless or delayed one, an actor's answer. */
function needsDescription(transition: AnyTransitionDefinition): boolean {
  const type = String(transition.eventType);
  const siblings = type === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(type) ?? []);
  return type === '' || type.startsWith('xstate.') || siblings.some((each) => each.guard !== undefined);
}

/** Every description of the machine, with where it is. */
function descriptions(machine: AnyStateMachine): { where: string; text: string }[] {
  return [
    ...stateNodes(machine.root).map((node) => ({ where: node.id, text: node.description ?? '' })),
    ...transitionsOf(machine).map((transition) => ({
      where: `${transition.source.id} on ${String(transition.eventType) || '(always)'}`,
      text: transition.description ?? '',
    })),
  ].filter(({ text }) => text !== '');
}

/** The text outside parentheses (nested ones too). */
function outsideParentheses(text: string): string {
  let outside = '';
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth++;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += character;
  }
  return outside;
}

describe('the charts analysts read', () => {
  // No inline `assign` or function in a transition, entry or exit: every action is named in the machine's `setup`.
  it.each(machines)('name every action of the %s machine', (_, machine) => {
    const anonymous = drawn(machine).flatMap(({ where, actions }) =>
      actions
        .filter((action) => !isDelayTimer(action) && (actionName(action) === null || actionName(action)?.startsWith('xstate.')))
        .map(() => where),
    );
    expect(anonymous).toEqual([]);
  });

  it('draw no transition of the payment machine twice, even from two states', () => {
    const shapes = drawn(paymentMachine)
      .map(({ shape }) => shape)
      .filter((shape) => shape !== '');
    expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([]);
  });

  it.each(machines)('draw no transition of the %s machine twice', (_, machine) => {
    const keys = drawn(machine)
      .filter(({ key }) => !key.startsWith('entry ') && !key.startsWith('exit '))
      .map(({ key }) => key);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
  });

  it.each(machines)('describe every state and every transition that is not obvious of %s', (_, machine) => {
    const bare = [
      ...stateNodes(machine.root)
        .filter((node) => !node.description)
        .map((node) => `state ${node.id}`),
      ...transitionsOf(machine)
        .filter((transition) => needsDescription(transition) && !transition.description)
        .map((transition) => `${transition.source.id} on ${String(transition.eventType) || '(always)'}`),
    ];
    expect(bare).toEqual([]);
  });

  it.each(machines)('quote no setting by its value in the descriptions of %s', (_, machine) => {
    const valued = descriptions(machine).filter(({ text }) => /\d+(\.\d+)?\s*(ms|s|sec|seconds?|min|minutes?|h|hours?|days?)\b/i.test(text));
    expect(valued).toEqual([]);
  });

  it.each(machines)('put API names only in parentheses in the descriptions of %s', (_, machine) => {
    // An identifier with an inner capital (GetIsUserLoggedIn, sessionEndsAt) or a dotted name (payment.show).
    const code = /\b([a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[a-z]+\.[a-z][\w.]*)\b/;
    const technical = descriptions(machine).filter(({ text }) => code.test(outsideParentheses(text).replace(/\/[\w/]+/g, '')));
    expect(technical).toEqual([]);
  });
});
