/**
 * What analysts see in the visualizer: every action has a name (an inline `assign` shows as a
 * bare "xstate.assign"), and no transition is drawn twice (same state, event, guard and target).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { clientMachine } from './client/client.machine';
import { cookieConsentMachine } from './cookie-consent/cookie-consent.machine';
import { emailChangeMachine } from './email-change/email-change.machine';
import { emailConfirmationMachine } from './email-change/email-confirmation.machine';
import { languageMachine } from './language/language.machine';
import { loadingMachine } from './loading/loading.machine';
import { memberMachine } from './member/member.machine';
import { paymentMachine } from './payment/payment.machine';
import { sessionMachine } from './session/session.machine';

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
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

const machines: [string, AnyStateMachine][] = [
  ['payment', paymentMachine],
  ['session', sessionMachine],
  ['client', clientMachine],
  ['language', languageMachine],
  ['loading', loadingMachine],
  ['cookie consent', cookieConsentMachine],
  ['member', memberMachine],
  ['email change', emailChangeMachine],
  ['email confirmation', emailConfirmationMachine],
];

describe('the charts analysts read', () => {
  it('name every action of the payment machine', () => {
    const anonymous = drawn(paymentMachine).flatMap(({ where, actions }) =>
      actions.filter((action) => actionName(action) === null || actionName(action)?.startsWith('xstate.')).map(() => where),
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
});
