/**
 * Every form machine has the one shape of machines/form: it takes the form events (and no event of
 * its own for typing, leaving or sending), and each form event runs the shared named actions, so a
 * change to how forms behave is made in form.setup.ts once. A new form machine joins the list.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { emailChangeMachine } from '../email-change/email-change.machine';
import { memberMachine } from '../member/member.machine';
import { forgotPasswordMachine } from '../password-reset/forgot-password.machine';
import { resetPasswordMachine } from '../password-reset/reset-password.machine';
import { updatePasswordMachine } from '../password-update/update-password.machine';
import { registrationMachine } from '../registration/registration.machine';

const formMachines: [string, AnyStateMachine][] = [
  ['registration', registrationMachine],
  ['member', memberMachine],
  ['email change', emailChangeMachine],
  ['forgot password', forgotPasswordMachine],
  ['reset password', resetPasswordMachine],
  ['update password', updatePasswordMachine],
];

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(stateNodes)];
const transitions = (machine: AnyStateMachine): AnyTransitionDefinition[] =>
  stateNodes(machine.root).flatMap((node) => [...node.transitions.values()].flat());
const actionNames = (transition: AnyTransitionDefinition): string[] =>
  transition.actions.map((action: unknown) =>
    typeof action === 'string' ? action : typeof action === 'object' && action !== null && 'type' in action ? String(action.type) : 'inline',
  );
const guardName = (transition: AnyTransitionDefinition): string | null =>
  transition.guard === undefined ? null : typeof transition.guard === 'string' ? transition.guard : typeof transition.guard === 'object' ? transition.guard.type : 'inline';

describe.each(formMachines)('the %s form', (_, machine) => {
  const byEvent = (type: string) => transitions(machine).filter((transition) => transition.eventType === type);

  it('takes the form events and no typing, leaving or sending event of its own', () => {
    const own = [...new Set(transitions(machine).map((transition) => String(transition.eventType)))].filter(
      (type) => !type.startsWith('form.') && /\.(edit|update|leave|leaveField|submit|save)$/.test(type),
    );
    expect(own).toEqual([]);
    for (const type of ['form.edit', 'form.leave', 'form.submit']) expect(byEvent(type).length).toBeGreaterThan(0);
  });

  it('records an edit and marks a field left with the shared actions', () => {
    for (const transition of byEvent('form.edit')) expect(actionNames(transition)).toContain('recordEdit');
    for (const transition of byEvent('form.leave')) expect(actionNames(transition)).toContain('markLeft');
  });

  it('sends only a valid draft, and otherwise checks every field and counts the refusal', () => {
    for (const transition of byEvent('form.submit')) {
      if (guardName(transition) === 'isDraftValid') expect(transition.target).toBeDefined();
      else expect(actionNames(transition)).toEqual(expect.arrayContaining(['checkAllFields', 'countRefusal']));
    }
  });

  it("takes the server's refusals at their fields with the shared action", () => {
    const refused = transitions(machine).filter((transition) => guardName(transition) === 'isRefusedByServer');
    expect(refused.length).toBeGreaterThan(0);
    for (const transition of refused) expect(actionNames(transition)).toContain('takeServerRefusals');
  });
});
