/**
 * Model-based testing from the production machines (xstate/graph): the paths are generated from
 * the machine itself, every state, transition and guard outcome is reached, and each path runs
 * against a real actor of that machine with its effects provided by the test and time simulated.
 * The same runs tell, step by step, which transitions were taken (eventless ones included), which
 * guards said yes or no, which states were entered and which requirements that touched: the QA
 * plans, the coverage report and the Node-side tests all read them.
 */
import {
  createActor,
  fromCallback,
  SimulatedClock,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap, type StatePath } from 'xstate/graph';

type Snapshot<M extends AnyStateMachine> = ReturnType<M['transition']>;
/** The machine's own events, or the synthetic ones of invoked actors and timers. */
export type Event<M extends AnyStateMachine> =
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

/** One way the machine starts (an input, stored data), explored on its own. */
export interface ModelVariant<M extends AnyStateMachine> {
  /** How this start reads in a plan, e.g. "a reload of the receipt". */
  name: string;
  spec: ModelSpec<M>;
}

/**
 * Everything the tooling needs about one machine: its production machine (provided with the
 * test's effects), the ways it starts, and how its events read to a person.
 */
export interface MachineModel<M extends AnyStateMachine> {
  /** The file name of its plan and chart, e.g. `cookie-consent`. */
  name: string;
  /** The machine as analysts call it, e.g. "Cookie consent". */
  title: string;
  machine: M;
  variants: readonly ModelVariant<M>[];
  /** A short label of what the person or the system does, e.g. "Ticks invoice SUN-100042". */
  describeEvent: (event: Event<M>) => string;
  /** Clears what the test's effects recorded, before each path. */
  reset?: () => void;
  /**
   * Events a person causes only by a roundabout way (the browser's history, a crafted address), or
   * that no screen offers: the plan prefers paths without them, and keeps one only for what no
   * other path covers.
   */
  isRoundabout?: (event: Event<M>) => boolean;
}

/** A machine model with its types erased, as the registry holds it. */
export type AnyMachineModel = MachineModel<AnyStateMachine>;

/** Checks a model against its own machine, and hands it to the registry with its types erased. */
export function defineModel<M extends AnyStateMachine>(model: MachineModel<M>): AnyMachineModel {
  return model;
}

export interface ModelPath<M extends AnyStateMachine> {
  /** The state the machine starts in. */
  start: AnyMachineSnapshot;
  /** Each event and the state the model predicts after it. */
  steps: { event: Event<M>; state: AnyMachineSnapshot }[];
}

function defaultSerialize(snapshot: { value: unknown; context: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

/** The code an error payload carries (or its message): what a plan shows instead of `{}`. */
export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The fields a `refused` error payload names, each with its problem (`name (tooLong)`), for a plan's words; empty for any other payload. */
export function refusedFieldsOf(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('fields' in error) || typeof error.fields !== 'object' || error.fields === null) return '';
  return Object.entries(error.fields).map(([field, problem]) => `${field} (${String(problem)})`).join(', ');
}

/** Whether an error payload carries a code of ours (else the machines read it as a server failure). */
export function hasCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

/** An event as code, for messages: its type and payload, an error payload by its code. */
export function eventAsCode(event: EventObject): string {
  const { type, ...rest } = event;
  if ('error' in rest) return `${type} (${errorCode(rest.error)})`;
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
}

/** Transitions that handle the event in this snapshot but whose guard said no: worth exploring. */
function hasGuardedCandidate(snapshot: AnyMachineSnapshot, type: string): boolean {
  return snapshot._nodes.some((node) => (node.transitions.get(type) ?? []).some((transition) => transition.guard !== undefined));
}

/**
 * One path per transition of the machine's graph: the shortest way to the transition's source,
 * then the transition itself. Together they reach every reachable state, transition and guard
 * outcome. An event the state ignores is left out, unless a guard turned it down (that "no" is
 * an outcome to cover too). A start that ends at once (a final state, reached eventlessly) is a
 * path of no steps: what it covers happens while starting. With `isRoundabout`, the way to a source
 * avoids roundabout events wherever another way exists.
 */
export function generateModelPaths<M extends AnyStateMachine>(spec: ModelSpec<M>, isRoundabout?: (event: Event<M>) => boolean): ModelPath<M>[] {
  const events = (snapshot: Snapshot<M>): readonly Event<M>[] =>
    (typeof spec.events === 'function' ? spec.events(snapshot) : spec.events).filter(
      (event) => spec.machine.getTransitionData(snapshot, event).length > 0 || hasGuardedCandidate(snapshot, (event as EventObject).type),
    );
  const serialize = spec.serializeState ?? defaultSerialize;
  const options = {
    events,
    ...(spec.input === undefined ? {} : { input: spec.input }),
    serializeState: serialize,
  } as Parameters<typeof getShortestPaths<M>>[1];
  const shortest: StatePath<Snapshot<M>, Event<M>>[] = getShortestPaths(spec.machine, options);
  const pathTo = new Map(shortest.map((path) => [serialize(path.state), path]));
  if (isRoundabout) {
    const direct: StatePath<Snapshot<M>, Event<M>>[] = getShortestPaths(spec.machine, {
      ...options,
      events: (snapshot: Snapshot<M>) => events(snapshot).filter((event) => !isRoundabout(event)),
    } as typeof options);
    for (const path of direct) pathTo.set(serialize(path.state), path);
  }
  const adjacency: AdjacencyMap<AnyMachineSnapshot, Event<M>> = getAdjacencyMap(spec.machine as AnyStateMachine, options as never);

  const initial = shortest.find((path) => path.steps.every((step) => (step.event as EventObject).type === 'xstate.init'));
  if (!initial) throw new Error(`No path to the start of ${spec.machine.id}`);
  const start = initial.state as AnyMachineSnapshot;
  const paths: ModelPath<M>[] = [];
  for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
    const prefix = pathTo.get(stateKey);
    if (!prefix) continue;
    const edges: { event: Event<M>; state: AnyMachineSnapshot }[] = Object.values(transitions);
    for (const { event, state: next } of edges) {
      paths.push({ start, steps: [...prefix.steps.filter((step) => (step.event as EventObject).type !== 'xstate.init'), { event, state: next }] });
    }
  }
  return paths.length > 0 ? paths : [{ start, steps: [] }];
}

/** Every transition the machine defines, by a stable key. */
export function allTransitionKeys(machine: AnyStateMachine): Set<string> {
  return new Set(allTransitions(machine).map(transitionKey));
}

/** Every transition the machine defines, eventless ones included, in document order. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
}

/** A transition's stable key: its state, its event (or "(always)") and its place among that event's transitions. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  if (transition.eventType === '') return `${source.id} (always) #${(source.always ?? []).indexOf(transition)}`;
  const list = source.transitions.get(transition.eventType) ?? [];
  return `${source.id} ${transition.eventType} #${list.indexOf(transition)}`;
}

/** Every (atomic and compound) state node id of the machine, but the root. */
export function allStateIds(machine: AnyStateMachine): Set<string> {
  return new Set(getStateNodes(machine.root).map((node) => node.id));
}

/** A guard as a chart shows it: its name, its fixed parameters, or how it combines others. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts: unknown = 'guards' in guard ? guard.guards : undefined;
    return Array.isArray(parts) ? `${guard.name}(${parts.map(guardLabel).join(', ')})` : 'inline';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') {
    const params: unknown = 'params' in guard ? guard.params : undefined;
    if (typeof params === 'object' && params !== null) return `${guard.type}(${Object.values(params).map(String).join(', ')})`;
    return guard.type;
  }
  return 'inline';
}

/** Both outcomes of every guarded transition, as `<transition key> <guard>: yes|no`. */
export function allGuardOutcomeKeys(machine: AnyStateMachine): Set<string> {
  return new Set(
    allTransitions(machine)
      .filter((transition) => transition.guard !== undefined)
      .flatMap((transition) => [guardOutcomeKey(transition, true), guardOutcomeKey(transition, false)]),
  );
}

/** One outcome of a transition's guard. */
export function guardOutcomeKey(transition: AnyTransitionDefinition, outcome: boolean): string {
  return `${transitionKey(transition)} ${guardLabel(transition.guard)}: ${outcome ? 'yes' : 'no'}`;
}

/** The requirement ids a state's or a transition's `meta` names. */
export function requirementsOf(item: { meta?: unknown }): string[] {
  const meta = item.meta;
  if (typeof meta !== 'object' || meta === null || !('requirements' in meta) || !Array.isArray(meta.requirements)) return [];
  return meta.requirements.filter((id): id is string => typeof id === 'string');
}

/** Every requirement id the machine's states and transitions name. */
export function allRequirementIds(machine: AnyStateMachine): Set<string> {
  return new Set([...getStateNodes(machine.root), machine.root, ...allTransitions(machine)].flatMap(requirementsOf));
}

/** What one step of a path did, as the real actor went through it. */
export interface StepFacts {
  /** Transitions taken, in order, eventless ones included. */
  transitions: AnyTransitionDefinition[];
  /** Guard outcomes decided in this step (keys of `guardOutcomeKey`). */
  guards: string[];
  /** State nodes entered (or re-entered) in this step. */
  entered: AnyStateNode[];
  /** Every state node active during the step, transient ones too. */
  visited: string[];
  /** Requirement ids of the transitions taken and the states entered. */
  requirements: string[];
  /** The snapshot after the step. */
  snapshot: AnyMachineSnapshot;
}

/** What a path did: the start, then each step. */
export interface PathFacts {
  start: StepFacts;
  steps: StepFacts[];
}

/** Orders requirement ids by group, then by number (SES-2 before SES-10). */
export function compareIds(a: string, b: string): number {
  const [groupA = '', numberA = '0'] = a.split('-');
  const [groupB = '', numberB = '0'] = b.split('-');
  return groupA === groupB ? Number(numberA) - Number(numberB) : groupA < groupB ? -1 : 1;
}

/** A guard's answer, and the transition it guards. */
interface Outcome {
  key: string;
  transition: AnyTransitionDefinition;
}

/**
 * Which guards an event met: walking up from each active leaf, as XState chooses, every guarded
 * transition before the one chosen said no, and the chosen one's guard said yes; when none was
 * chosen, every guard on the way said no.
 */
function eventGuardOutcomes(snapshot: AnyMachineSnapshot, type: string, chosen: readonly AnyTransitionDefinition[]): Outcome[] {
  const outcomes: Outcome[] = [];
  const leaves = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  for (const leaf of leaves) {
    let decided = false;
    for (let node: AnyStateNode | undefined = leaf; node && !decided; node = node.parent) {
      for (const transition of node.transitions.get(type) ?? []) {
        if (chosen.includes(transition)) {
          if (transition.guard !== undefined) outcomes.push({ key: guardOutcomeKey(transition, true), transition });
          decided = true;
          break;
        }
        if (transition.guard !== undefined) outcomes.push({ key: guardOutcomeKey(transition, false), transition });
      }
    }
  }
  return outcomes;
}

/** An eventless transition taken: the ones before it in its state said no. */
function alwaysGuardOutcomes(transition: AnyTransitionDefinition): Outcome[] {
  const list = transition.source.always ?? [];
  const index = list.indexOf(transition);
  return [
    ...list
      .slice(0, index)
      .filter((each) => each.guard !== undefined)
      .map((each) => ({ key: guardOutcomeKey(each, false), transition: each })),
    ...(transition.guard === undefined ? [] : [{ key: guardOutcomeKey(transition, true), transition }]),
  ];
}

/** Collects the facts of one step from XState's microsteps (the way real actors report them). */
class StepRecorder {
  private readonly transitions: AnyTransitionDefinition[] = [];
  private readonly guards: string[] = [];
  /** Transitions whose guard was asked, yes or no: a refusal exercises their requirements too. */
  private readonly judged: AnyTransitionDefinition[] = [];
  private readonly entered: AnyStateNode[] = [];
  private readonly visited: string[] = [];
  private active: Set<AnyStateNode>;

  /** Starts a step from `before` (null at the start); an event's guards are decided up front. */
  constructor(machine: AnyStateMachine, before: AnyMachineSnapshot | null, event: EventObject | null) {
    this.active = new Set(before?._nodes ?? []);
    if (!before || !event) return;
    const chosen = machine.getTransitionData(before, event);
    const outcomes = eventGuardOutcomes(before, event.type, chosen);
    this.guards.push(...outcomes.map(({ key }) => key));
    this.judged.push(...outcomes.map(({ transition }) => transition));
    // A targetless transition without actions makes no microstep: it counts as taken all the same.
    for (const transition of chosen) if (!transition.target && transition.actions.length === 0) this.transitions.push(transition);
  }

  /** One microstep: the transitions it took and the states it made active. */
  microstep(transitions: readonly AnyTransitionDefinition[], snapshot: AnyMachineSnapshot): void {
    for (const transition of transitions) {
      this.transitions.push(transition);
      // A state left at once by an eventless transition (the initial one too) shows in no snapshot.
      if (transition.source.parent) this.visited.push(transition.source.id);
      if (transition.eventType === '') {
        const outcomes = alwaysGuardOutcomes(transition);
        this.guards.push(...outcomes.map(({ key }) => key));
        this.judged.push(...outcomes.map(({ transition: judged }) => judged));
      }
      // A re-entered target is entered again, though it was active before.
      for (const target of transition.target ?? []) if (transition.reenter || !this.active.has(target)) this.entered.push(target);
    }
    this.settle(snapshot);
  }

  /** The states active now; transient ones (left at once by an eventless transition) show only here. */
  settle(snapshot: AnyMachineSnapshot): void {
    for (const node of snapshot._nodes) {
      if (!this.active.has(node) && !this.entered.includes(node)) this.entered.push(node);
      if (node.parent) this.visited.push(node.id);
    }
    this.active = new Set(snapshot._nodes);
  }

  finish(snapshot: AnyMachineSnapshot): StepFacts {
    const requirements = [...this.transitions, ...this.judged, ...this.entered].flatMap(requirementsOf);
    return {
      transitions: this.transitions,
      guards: [...new Set(this.guards)],
      entered: this.entered,
      visited: [...new Set(this.visited)],
      requirements: [...new Set(requirements)].sort(compareIds),
      snapshot,
    };
  }
}

/** The delay's name of an `xstate.after.<delay>.<state>` event, if it is one. */
function delayOf(event: EventObject): string | undefined {
  return /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
}

/**
 * Runs one generated path against a real actor of the machine: each event is sent (a delayed
 * transition advances the simulated clock instead), and after each step the actor must be in the
 * state the model predicted and, with `check`, satisfy `assertSnapshot`. Returns what each step did.
 */
export function runModelPath<M extends AnyStateMachine>(spec: ModelSpec<M>, path: ModelPath<M>, check = true): PathFacts {
  const machine = spec.machine as AnyStateMachine;
  const clock = new SimulatedClock();
  let recorder = new StepRecorder(machine, null, null);
  const actor: AnyActorRef = createActor(machine, {
    clock,
    ...(spec.input === undefined ? {} : { input: spec.input }),
    inspect: (inspection) => {
      // Only the machine's own microsteps (its initial ones come before `createActor` returns): a
      // machine that invokes others (the app's root) shares its system with them.
      if (inspection.type === '@xstate.microstep' && (inspection.actorRef as AnyActorRef)._parent === undefined) {
        recorder.microstep(inspection._transitions, inspection.snapshot as AnyMachineSnapshot);
      }
    },
  });
  actor.start();
  // The initial state makes no microstep: it is entered all the same.
  recorder.settle(actor.getSnapshot() as AnyMachineSnapshot);
  const start = recorder.finish(actor.getSnapshot() as AnyMachineSnapshot);
  if (check) spec.assertSnapshot(actor.getSnapshot() as Snapshot<M>);

  const steps: StepFacts[] = [];
  for (const step of path.steps) {
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    const event = step.event as EventObject;
    recorder = new StepRecorder(machine, before, event);
    const delay = delayOf(event);
    if (delay !== undefined) {
      const named = spec.delays?.[delay];
      const ms = typeof named === 'function' ? named(before as Snapshot<M>) : (named ?? Number(delay));
      if (!Number.isFinite(ms)) throw new Error(`No duration for the delay "${delay}": add it to the spec's delays`);
      clock.increment(ms);
    } else {
      actor.send(event);
    }
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    steps.push(recorder.finish(snapshot));
    if (check) {
      if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
        throw new Error(`after ${eventAsCode(event)}: expected ${JSON.stringify(step.state.value)}, got ${JSON.stringify(snapshot.value)}`);
      }
      spec.assertSnapshot(snapshot as Snapshot<M>);
    }
  }
  actor.stop();
  return { start, steps };
}

/**
 * What the paths of one start do, read from the model alone: each step is the machine's pure
 * transition from the state the model predicts, once per state and event (paths share most of
 * their steps). No effect runs, so it is fast enough for the plans and the coverage report; the
 * Node model run checks that real actors do the same.
 */
export function createPathReader<M extends AnyStateMachine>(spec: ModelSpec<M>): (path: ModelPath<M>) => PathFacts {
  const machine = spec.machine as AnyStateMachine;
  const serialize = (spec.serializeState ?? defaultSerialize) as (snapshot: AnyMachineSnapshot) => string;
  // An actor that never starts lends its system, to hear the microsteps of pure transitions. It is
  // not one of the machine's own: that would have made the machine's children already, and a
  // machine that gives its children system ids (the app's root) could not make them again.
  const self: AnyActorRef = createActor(fromCallback(() => {}));
  let recorder = new StepRecorder(machine, null, null);
  self.system.inspect((inspection) => {
    if (inspection.type === '@xstate.microstep' && inspection.actorRef === self) {
      recorder.microstep(inspection._transitions, inspection.snapshot as AnyMachineSnapshot);
    }
  });
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  const initial = machine.getInitialSnapshot(scope, spec.input) as AnyMachineSnapshot;
  recorder.settle(initial);
  const start = recorder.finish(initial);
  const known = new Map<string, StepFacts>();

  const stepFrom = (before: AnyMachineSnapshot, event: EventObject): StepFacts => {
    const key = `${serialize(before)} ${eventAsCode(event)}`;
    const cached = known.get(key);
    if (cached) return cached;
    recorder = new StepRecorder(machine, before, event);
    const facts = recorder.finish(machine.transition(before, event, scope) as AnyMachineSnapshot);
    known.set(key, facts);
    return facts;
  };

  return (path) => {
    let before = initial;
    const steps = path.steps.map((step) => {
      const facts = stepFrom(before, step.event);
      before = step.state;
      return facts;
    });
    return { start, steps };
  };
}

/** What the runs of a machine's paths covered, against everything the machine defines. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly guards = new Set<string>();
  readonly requirements = new Set<string>();

  constructor(readonly machine: AnyStateMachine) {}

  /** Adds what one run of a path did. */
  add(facts: PathFacts): void {
    for (const step of [facts.start, ...facts.steps]) {
      for (const id of step.visited) this.states.add(id);
      for (const transition of step.transitions) this.transitions.add(transitionKey(transition));
      for (const key of step.guards) this.guards.add(key);
      for (const id of step.requirements) this.requirements.add(id);
    }
  }

  /** For each kind: how many the machine has, and which of them were missed. */
  report(): Record<'states' | 'transitions' | 'guards' | 'requirements', { all: number; missed: string[] }> {
    const measure = (all: Set<string>, hit: Set<string>) => ({ all: all.size, missed: [...all].filter((key) => !hit.has(key)).sort() });
    return {
      states: measure(allStateIds(this.machine), this.states),
      transitions: measure(allTransitionKeys(this.machine), this.transitions),
      guards: measure(allGuardOutcomeKeys(this.machine), this.guards),
      requirements: measure(allRequirementIds(this.machine), this.requirements),
    };
  }
}
