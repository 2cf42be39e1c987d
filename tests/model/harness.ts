/**
 * Model-based testing from the production machines (xstate/graph): the paths are generated from
 * the machine itself, every state and every transition is reached, and each path runs against a
 * real actor of that machine with its effects provided by the test and time simulated.
 */
import { expect } from 'vitest';
import {
  createActor,
  SimulatedClock,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap, type StatePath } from 'xstate/graph';

type Snapshot<M extends AnyStateMachine> = ReturnType<M['transition']>;
/** The machine's own events, or the synthetic ones of invoked actors and timers. */
type Event<M extends AnyStateMachine> =
  | (EventFromLogic<M> & { type: string })
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

export interface ModelSpec<M extends AnyStateMachine> {
  /** The production machine, provided with the test's effects (actors that never settle, spies). */
  machine: M;
  /** The events to explore, including `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*`. */
  events: readonly Event<M>[] | ((snapshot: Snapshot<M>) => readonly Event<M>[]);
  /** What must hold in every snapshot the path reaches (tags, selectors): asserted at every step. */
  assertSnapshot: (snapshot: Snapshot<M>) => void;
  /**
   * The machine's named delays in ms (or computed from the snapshot, for delays that depend on
   * context), so `xstate.after.<delay>.<state>` steps advance the simulated clock.
   */
  delays?: Record<string, number | ((snapshot: Snapshot<M>) => number)>;
  /** The machine's input, for machines that take one. */
  input?: unknown;
  /** Leaves out context that does not matter to the model, to keep the graph small. */
  serializeState?: (snapshot: Snapshot<M>) => string;
}

export interface ModelPath<M extends AnyStateMachine> {
  name: string;
  /** Each event and the state the model predicts after it. */
  steps: { event: Event<M>; state: AnyMachineSnapshot }[];
}

const valueKey = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

function defaultSerialize(snapshot: { value: unknown; context: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

function describeEvent(event: { type: string }): string {
  const { type, ...rest } = event;
  const detail = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${detail}`;
}

/**
 * One path per transition of the machine's graph: the shortest way to the transition's source,
 * then the transition itself. Together they reach every reachable state and transition.
 */
export function generateModelPaths<M extends AnyStateMachine>(spec: ModelSpec<M>): ModelPath<M>[] {
  // Only events the state handles: the rest are no-ops (or, for actor events, not possible).
  const events = (snapshot: Snapshot<M>): readonly Event<M>[] =>
    (typeof spec.events === 'function' ? spec.events(snapshot) : spec.events).filter(
      (event) => spec.machine.getTransitionData(snapshot, event).length > 0,
    );
  const options = {
    events,
    ...(spec.input === undefined ? {} : { input: spec.input }),
    serializeState: spec.serializeState ?? defaultSerialize,
  } as Parameters<typeof getShortestPaths<M>>[1];
  const shortest: StatePath<Snapshot<M>, Event<M>>[] = getShortestPaths(spec.machine, options);
  const serialize = spec.serializeState ?? defaultSerialize;
  const pathTo = new Map(shortest.map((path) => [serialize(path.state), path]));
  const adjacency: AdjacencyMap<AnyMachineSnapshot, Event<M>> = getAdjacencyMap(spec.machine as AnyStateMachine, options as never);

  const paths: ModelPath<M>[] = [];
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = pathTo.get(stateKey);
    if (!prefix) continue;
    const edges: { event: Event<M>; state: AnyMachineSnapshot }[] = Object.values(transitions);
    for (const { event, state: next } of edges) {
      const steps = [...prefix.steps.filter((step) => (step.event as EventObject).type !== 'xstate.init'), { event, state: next }];
      paths.push({
        name: `${valueKey(state)} --${describeEvent(event)}--> ${valueKey(next)} (${steps.length} steps)`,
        steps,
      });
    }
  }
  return paths;
}

/** Every transition the machine defines, by a stable key. */
export function allTransitionKeys(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((_, index) => keys.add(`${node.id} ${eventType} #${index}`));
    }
    (node.always ?? []).forEach((_, index) => keys.add(`${node.id} (always) #${index}`));
  }
  return keys;
}

function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  if (transition.eventType === '') return `${source.id} (always) #${(source.always ?? []).indexOf(transition)}`;
  const list = source.transitions.get(transition.eventType) ?? [];
  return `${source.id} ${transition.eventType} #${list.indexOf(transition)}`;
}

/** Every (atomic and compound) state node id of the machine, but the root. */
export function allStateIds(machine: AnyStateMachine): Set<string> {
  return new Set(getStateNodes(machine.root).map((node) => node.id));
}

/** What the runs of a machine's paths covered. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  constructor(private readonly machine: AnyStateMachine) {}

  record(snapshot: { _nodes?: readonly { id: string }[] }): void {
    for (const node of snapshot._nodes ?? []) if (node.id !== this.machine.root.id) this.states.add(node.id);
  }

  /** Prints the figures and returns what was missed. */
  report(name: string): { missedStates: string[]; missedTransitions: string[] } {
    const states = allStateIds(this.machine);
    const transitions = allTransitionKeys(this.machine);
    const missedStates = [...states].filter((id) => !this.states.has(id));
    const missedTransitions = [...transitions].filter((key) => !this.transitions.has(key));
    const percent = (hit: number, all: number) => (all === 0 ? 100 : Math.round((hit / all) * 1000) / 10);
    console.log(
      `model coverage ${name}: states ${states.size - missedStates.length}/${states.size} (${percent(states.size - missedStates.length, states.size)}%), ` +
        `transitions ${transitions.size - missedTransitions.length}/${transitions.size} (${percent(transitions.size - missedTransitions.length, transitions.size)}%)`,
    );
    return { missedStates, missedTransitions };
  }
}

/**
 * Runs one generated path against a real actor of the machine: each event is sent (a delayed
 * transition advances the simulated clock instead), and after each step the actor must be in the
 * state the model predicted and satisfy `assertSnapshot`.
 */
export function runModelPath<M extends AnyStateMachine>(spec: ModelSpec<M>, path: ModelPath<M>, coverage: Coverage): void {
  const clock = new SimulatedClock();
  const actor: AnyActorRef = createActor(spec.machine as AnyStateMachine, {
    clock,
    ...(spec.input === undefined ? {} : { input: spec.input }),
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        for (const transition of inspection._transitions) {
          coverage.transitions.add(transitionKey(transition));
          // A state left by an eventless transition at once (also the initial one) shows in no snapshot.
          coverage.states.add(transition.source.id);
        }
        // Transient states (left at once by an eventless transition) show only in microsteps.
        coverage.record(inspection.snapshot as { _nodes?: readonly { id: string }[] });
      }
    },
  });
  actor.start();
  coverage.record(actor.getSnapshot());
  spec.assertSnapshot(actor.getSnapshot());

  for (const step of path.steps) {
    const delay = /^xstate\.after\.([^.]+)\./.exec((step.event as EventObject).type)?.[1];
    if (delay !== undefined) {
      const named = spec.delays?.[delay];
      const ms = typeof named === 'function' ? named(actor.getSnapshot() as Snapshot<M>) : (named ?? Number(delay));
      if (!Number.isFinite(ms)) throw new Error(`No duration for the delay "${delay}": add it to the spec's delays`);
      clock.increment(ms);
    } else {
      // A targetless transition without actions makes no microstep, so also ask which transitions this event takes.
      for (const transition of spec.machine.getTransitionData(actor.getSnapshot(), step.event)) {
        coverage.transitions.add(transitionKey(transition));
      }
      actor.send(step.event);
    }
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot & Snapshot<M>;
    coverage.record(snapshot);
    expect(snapshot.value, `after ${describeEvent(step.event)}`).toEqual(step.state.value);
    spec.assertSnapshot(snapshot);
  }
  actor.stop();
}
