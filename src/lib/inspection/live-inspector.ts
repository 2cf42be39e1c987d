import type { InspectionEvent } from 'xstate';
import { inspectionChannelName, reportOf, type ActorReport, type InspectionMessage } from './inspection-report';

/** Found in a bundle only when inspection was built in; the production-bundle test looks for it. */
export const liveInspectorMarker = 'billing-portal live inspector';

/**
 * The `inspect` function every actor of this tab shares in `npm run dev:inspect`: it posts each
 * machine's active states and the type of the event that led there to the development page at
 * /__inspect/ over a BroadcastChannel (same origin, never the network). Context and event
 * payloads stay in the tab. Null where there is no BroadcastChannel (server rendering).
 */
export function createLiveInspector(): ((event: InspectionEvent) => void) | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(inspectionChannelName);
  const tab = crypto.randomUUID();
  const latest = new Map<string, ActorReport>();
  const post = (message: InspectionMessage) => channel.postMessage(message);
  // A page opened after the app learns where every actor already is.
  channel.addEventListener('message', (event: MessageEvent<InspectionMessage>) => {
    if (event.data.kind === 'hello') for (const report of latest.values()) post(report);
  });
  window.addEventListener('pagehide', () => post({ kind: 'bye', tab }));
  console.info(`${liveInspectorMarker}: this tab reports its machines' states to ${window.location.origin}/__inspect/`);
  return (event) => {
    const report = reportOf(event, tab);
    if (report === null) return;
    latest.set(report.actor, report);
    post(report);
  };
}
