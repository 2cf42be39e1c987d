import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { runModelPath } from './harness';
import { namedPaths } from './paths';
import { landings, switchable, switchClientsModel } from './switch-clients.model';

const paths = namedPaths(switchClientsModel);
const isChoice = (event: EventObject): event is EventObject & { code: string; billingGroup: string | null } => event.type === 'switchClients.choose';
const isSwitchable = (event: { code: string; billingGroup: string | null }) =>
  event.code === switchable.code && event.billingGroup === switchable.billingGroup;

describe('switch clients machine', () => {
  it('switches only to another of the user’s clients', () => {
    const into = paths.flatMap((named) =>
      named.path.steps.flatMap((step): EventObject[] => {
        const event = step.event as EventObject;
        return step.state.matches('switching') && isChoice(event) ? [event] : [];
      }),
    );
    expect(into.length).toBeGreaterThan(0);
    for (const event of into) expect(event).toMatchObject(switchable);
  });

  it('never switches to the current client, nor to one the user has no account at', () => {
    const refused = paths.filter((named) => {
      const last = named.path.steps.at(-1)?.event as EventObject | undefined;
      return last !== undefined && isChoice(last) && !isSwitchable(last);
    });
    // SUN (the current one), DLT 48 and NPP (no account there), each tried on the list of two clients and of one.
    expect(refused.length).toBeGreaterThanOrEqual(3);
    for (const named of refused) {
      switchClientsModel.reset?.();
      const facts = runModelPath(named.spec, named.path);
      expect(facts.steps.at(-1)?.snapshot.value).toBe('choosing');
      expect(facts.steps.at(-1)?.transitions).toEqual([]);
      expect(landings).toEqual([]);
    }
  });
});
