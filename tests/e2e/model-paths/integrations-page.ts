/**
 * What the Integrations screen's browser paths share (API keys, webhook endpoints): the screen
 * opened as an office admin's with its lists answered, the machine replayed along the path for what
 * the screen must show, and the messages of a call that failed as a whole.
 */
import type { DeliveryLists } from '@machines/console/webhook-endpoints.types';
import type { Request } from '@playwright/test';
import { createActor, type AnyActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { PathRun, StepAction } from './browser-paths';
import { json, type Answer } from './call-gate';
import { consoleFailureMessages, signedInAs, staffSession } from './console-page';

export const keysCall = 'console/api-keys';
export const endpointsCall = 'console/webhooks/endpoints';
export const deliveriesCall = 'console/webhooks/deliveries';

/** The answer to a call for the deliveries: the failed ones when it asks for them (`?status=failed`), else the recent ones. */
export const deliveriesAnswer =
  (lists: DeliveryLists) =>
  (request: Request): Answer =>
    json({ deliveries: new URL(request.url()).searchParams.get('status') === 'failed' ? lists.failed : lists.recent });

/** Answers the screen's two calls for the deliveries (the recent ones and the failed ones, asked together). */
export async function answerDeliveries(run: PathRun, lists: DeliveryLists): Promise<void> {
  await run.gate.answer(deliveriesCall, deliveriesAnswer(lists));
  await run.gate.answer(deliveriesCall, deliveriesAnswer(lists));
}

/**
 * Opens `/SUN/office/integrations` with these calls held: the session answers signed in as an
 * office admin, and the lists as given.
 */
export async function openIntegrations(run: PathRun, lists: { keys: unknown[]; endpoints: unknown[]; deliveries: DeliveryLists }, hold: string[]): Promise<void> {
  run.gate.hold(staffSession, keysCall, endpointsCall, deliveriesCall, ...hold);
  await run.page.goto('/SUN/office/integrations');
  await run.gate.answer(staffSession, json(signedInAs('officeAdmin')));
  await run.gate.answer(keysCall, json({ keys: lists.keys }));
  await run.gate.answer(endpointsCall, json({ endpoints: lists.endpoints }));
  await answerDeliveries(run, lists.deliveries);
}

/** An Integrations call that failed as a whole, as its message says (the start of it). */
export const integrationsFailureMessages = {
  forbidden: 'Only an office admin can manage API keys and webhooks.',
  ...consoleFailureMessages,
} as const;

/**
 * What the screen must show: the path's events replayed on the machine itself. The plan's own
 * snapshots cannot say it, as a model keeps only the state and the form's problems (so that its
 * paths stay few), and a snapshot it keeps may come from another history.
 */
export function machineReplay<TSnapshot extends AnyMachineSnapshot>(machine: AnyStateMachine) {
  const replays = new WeakMap<PathRun, AnyActor>();
  const predicted = (run: PathRun): TSnapshot => {
    const actor = replays.get(run);
    if (!actor) throw new Error('The path has not started');
    return actor.getSnapshot() as TSnapshot;
  };
  return {
    /** Starts the replay of this path with the machine's input; its first snapshot. */
    begin: (run: PathRun, input: unknown): TSnapshot => {
      replays.set(run, createActor(machine, { input }).start());
      return predicted(run);
    },
    predicted,
    /** A step that first moves the replay on by the step's event. */
    step:
      (action: StepAction): StepAction =>
      async (run, event) => {
        const before = predicted(run);
        replays.get(run)?.send(event);
        // The step reads the replay's snapshot before its event, not the plan's.
        run.before = before;
        await action(run, event);
      },
  };
}
