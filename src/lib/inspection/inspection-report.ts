import type { AnyStateNode, InspectionEvent, StateValue } from 'xstate';

/** The BroadcastChannel between the app's tabs and the development page at /__inspect/. */
export const inspectionChannelName = 'billing-portal:xstate-inspect';

/**
 * What the page learns of one actor after a step: which machine, which states are active and
 * the type of the event that led there. Never the context or an event's payload: those hold
 * e-mail addresses, account numbers and passwords.
 */
export interface ActorReport {
  kind: 'actor';
  /** The reporting tab, so a page can tell two tabs' actors apart. */
  tab: string;
  /** The actor's session id, unique within its tab. */
  actor: string;
  machineId: string;
  /** The ids of every active state node, the machine's root first (the ids the charts draw). */
  stateIds: string[];
  value: StateValue;
  event: string;
  status: MachineSnapshotLike['status'];
}

/** The messages on the channel: reports from the app; the page's greeting, answered with every live actor's last report; a tab leaving. */
export type InspectionMessage = ActorReport | { kind: 'hello' } | { kind: 'bye'; tab: string };

/** What a report reads of a state machine's snapshot. */
interface MachineSnapshotLike {
  machine: { id: string; root: AnyStateNode };
  value: StateValue;
  status: 'active' | 'done' | 'error' | 'stopped';
}

function isMachineSnapshot(snapshot: unknown): snapshot is MachineSnapshotLike {
  return typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot && 'value' in snapshot;
}

/** The ids of the state nodes a state value makes active under `node`, `node` itself first. */
export function activeStateIds(node: AnyStateNode, value: StateValue): string[] {
  if (typeof value === 'string') {
    const child = node.states[value];
    return child ? [node.id, child.id] : [node.id];
  }
  return [
    node.id,
    ...Object.entries(value).flatMap(([key, inner]) => {
      const child = node.states[key];
      return child && inner !== undefined ? activeStateIds(child, inner) : child ? [child.id] : [];
    }),
  ];
}

/** The report an inspection event makes, if any: only a state machine's new snapshot makes one. */
export function reportOf(event: InspectionEvent, tab: string): ActorReport | null {
  if (event.type !== '@xstate.snapshot' || !isMachineSnapshot(event.snapshot)) return null;
  const { snapshot } = event;
  return {
    kind: 'actor',
    tab,
    actor: event.actorRef.sessionId,
    machineId: snapshot.machine.id,
    stateIds: activeStateIds(snapshot.machine.root, snapshot.value),
    value: snapshot.value,
    event: event.event.type,
    status: snapshot.status,
  };
}

/**
 * The states to highlight on each machine's chart, by machine id: the active states of the
 * machine's actor that reported last, less the machine itself (always active). Reports come in
 * the order they arrived.
 */
export function highlightedStates(reports: Iterable<ActorReport>): Map<string, string[]> {
  const states = new Map<string, string[]>();
  for (const report of reports) states.set(report.machineId, report.stateIds.slice(1));
  return states;
}

/** A state value as the paths of its active leaves, e.g. `signedIn.access.billing`. */
export function statePaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, inner]) => (inner === undefined || (typeof inner === 'object' && Object.keys(inner).length === 0) ? [key] : statePaths(inner).map((path) => `${key}.${path}`)));
}
