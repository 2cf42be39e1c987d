import { describe, expect, it } from 'vitest';
import { oneClient } from '@machines/switch-clients/switch-clients.fixtures';
import type { EventObject } from 'xstate';
import { namedPaths } from './paths';
import { switchable, switchClientsModel } from './switch-clients.model';

const paths = namedPaths(switchClientsModel);
const isChoice = (event: EventObject): event is EventObject & { code: string; billingGroup: string | null } => event.type === 'switchClients.choose';

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

  it('offers no choice on a list of one client (nothing to switch to)', () => {
    const onOne = paths.filter((named) => {
      const loads = named.path.steps.filter((step) => (step.event as EventObject).type === 'xstate.done.actor.loadClients');
      const lastLoad = loads.at(-1);
      return lastLoad !== undefined && (lastLoad.event as { output?: unknown }).output === oneClient;
    });
    expect(onOne.length).toBeGreaterThan(0);
    for (const named of onOne) {
      const lastLoadAt = named.path.steps.findLastIndex((step) => (step.event as EventObject).type === 'xstate.done.actor.loadClients');
      expect(named.path.steps.slice(lastLoadAt + 1).some((step) => isChoice(step.event as EventObject))).toBe(false);
    }
  });
});
