/**
 * Every form machine has the one shape of machines/form: it takes the form events (and no event of
 * its own for typing, leaving or sending), and each form event runs the shared named actions, so a
 * change to how forms behave is made in form.setup.ts once. Every machine that takes a form event
 * is found here by itself: a new form machine is held to the shape without joining a list.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { describe, expect, it } from 'vitest';

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value;

/** Every machine exported by a machine file, by its id. */
const machines: AnyStateMachine[] = Object.values(import.meta.glob<Record<string, unknown>>('../**/*.machine.ts', { eager: true }))
  .flatMap((module) => Object.values(module).filter(isMachine))
  .filter((machine, index, all) => all.indexOf(machine) === index);

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(stateNodes)];
const transitions = (machine: AnyStateMachine): AnyTransitionDefinition[] =>
  stateNodes(machine.root).flatMap((node) => [...node.transitions.values()].flat());
const actionNames = (transition: AnyTransitionDefinition): string[] =>
  transition.actions.map((action: unknown) =>
    typeof action === 'string' ? action : typeof action === 'object' && action !== null && 'type' in action ? String(action.type) : 'inline',
  );
const takesFormEvents = (machine: AnyStateMachine) => transitions(machine).some((transition) => String(transition.eventType).startsWith('form.'));
const formMachines: [string, AnyStateMachine][] = machines.filter(takesFormEvents).map((machine) => [machine.id, machine]);

const guardName = (transition: AnyTransitionDefinition): string | null =>
  transition.guard === undefined ? null : typeof transition.guard === 'string' ? transition.guard : typeof transition.guard === 'object' ? transition.guard.type : 'inline';

/** Each rule of the shape, as what a machine does against it (nothing when it keeps it). */
const rules: Record<string, (machine: AnyStateMachine) => string[]> = {
  'takes the form events and no typing, leaving or sending event of its own': (machine) => [
    ...[...new Set(transitions(machine).map((transition) => String(transition.eventType)))]
      .filter((type) => !type.startsWith('form.') && /\.(edit|update|leave|leaveField|submit|save)$/.test(type))
      .map((type) => `an event of its own: ${type}`),
    ...['form.edit', 'form.leave', 'form.submit'].filter((type) => !transitions(machine).some((transition) => transition.eventType === type)).map((type) => `no ${type}`),
  ],
  'records an edit and marks a field left with the shared actions': (machine) =>
    transitions(machine).flatMap((transition) =>
      (transition.eventType === 'form.edit' && !actionNames(transition).includes('recordEdit')) || (transition.eventType === 'form.leave' && !actionNames(transition).includes('markLeft'))
        ? [`${String(transition.eventType)} in ${transition.source.id} without the shared action`]
        : [],
    ),
  'sends only a valid draft, and otherwise checks every field and counts the refusal': (machine) =>
    transitions(machine)
      .filter((transition) => transition.eventType === 'form.submit')
      .flatMap((transition) => {
        if (guardName(transition) === 'isDraftValid') return transition.target === undefined ? [`form.submit in ${transition.source.id} goes nowhere when the draft is valid`] : [];
        const actions = actionNames(transition);
        return actions.includes('checkAllFields') && actions.includes('countRefusal') ? [] : [`form.submit in ${transition.source.id} (guard ${String(guardName(transition))}) runs ${actions.join(', ') || 'nothing'}`];
      }),
  "takes the server's refusals at their fields with the shared action": (machine) => {
    const refused = transitions(machine).filter((transition) => guardName(transition) === 'isRefusedByServer');
    if (refused.length === 0) return ['no isRefusedByServer transition'];
    return refused.filter((transition) => !actionNames(transition).includes('takeServerRefusals')).map((transition) => `isRefusedByServer in ${transition.source.id} without takeServerRefusals`);
  },
};

it('finds the form machines by itself, the known ones among them', () => {
  const found = formMachines.map(([id]) => id);
  // The patients' forms and the console's.
  const consoleForms = ['apiKeys', 'webhookEndpoints', 'paymentRefund', 'staffAdmin', 'clientSettings', 'brandColours', 'staffSignIn', 'staffEnrolment'];
  expect(found).toEqual(expect.arrayContaining(['registration', 'member', 'emailChange', 'forgotPassword', 'resetPassword', 'updatePassword', ...consoleForms]));
  // A machine that takes no form event is no form: the cookie banner, the session.
  expect(found).not.toContain('cookieConsent');
  expect(found).not.toContain('session');
});

describe.each(formMachines)('the %s form', (id, machine) => {
  it.each(Object.keys(rules))('%s', (rule) => {
    expect(rules[rule]?.(machine) ?? [`no rule ${rule}`], `${id}: ${rule}`).toEqual([]);
  });
});
