// The inspector page's script (served at /__inspect/ by `npm run dev:inspect`): listens to the
// app's tabs on the BroadcastChannel and highlights the states they report on the charts.
import { highlightedStates, inspectionChannelName, statePaths, type ActorReport, type InspectionMessage } from '@/lib/inspection/inspection-report';

const statusLine = document.getElementById('status');
const actorRows = document.getElementById('actors');

// Each chart's machine id is in the id of its outermost cluster: `<chart>:<machine id>`.
const chartOfMachine = new Map<string, string>();
for (const section of document.querySelectorAll<HTMLElement>('section[data-chart]')) {
  const chart = section.dataset.chart ?? '';
  const root = section.querySelector('svg g.cluster');
  if (root?.id.startsWith(`${chart}:`)) chartOfMachine.set(root.id.slice(chart.length + 1), chart);
}

/** The last report of every actor, in the order they last changed. */
const reports = new Map<string, ActorReport>();

const stateText = (report: ActorReport) => statePaths(report.value).join(', ');

function cell(text: string): HTMLTableCellElement {
  const element = document.createElement('td');
  element.textContent = text;
  return element;
}

function render(): void {
  for (const element of document.querySelectorAll('[data-active]')) element.removeAttribute('data-active');
  for (const element of document.querySelectorAll('section[data-chart] .now')) element.textContent = '';
  for (const [machineId, stateIds] of highlightedStates(reports.values())) {
    const chart = chartOfMachine.get(machineId);
    if (chart === undefined) continue;
    for (const id of stateIds) document.getElementById(`${chart}:${id}`)?.setAttribute('data-active', '');
    const now = document.querySelector(`section[data-chart="${CSS.escape(chart)}"] .now`);
    const report = [...reports.values()].filter((candidate) => candidate.machineId === machineId).at(-1);
    if (now && report) now.textContent = `now: ${stateText(report)} (after ${report.event})`;
  }
  const tabs = [...new Set([...reports.values()].map((report) => report.tab))];
  actorRows?.replaceChildren(
    ...[...reports.values()].map((report) => {
      const row = document.createElement('tr');
      const chart = chartOfMachine.get(report.machineId);
      row.append(
        cell(chart === undefined ? `${report.machineId} (no chart)` : report.machineId),
        cell(stateText(report)),
        cell(report.event),
        cell(report.status),
        cell(String(tabs.indexOf(report.tab) + 1)),
      );
      return row;
    }),
  );
  if (statusLine) {
    statusLine.textContent =
      reports.size === 0 ? 'Waiting for the app: open it in another tab of this browser.' : `${String(reports.size)} actors in ${String(tabs.length)} tabs.`;
  }
}

const channel = new BroadcastChannel(inspectionChannelName);
channel.addEventListener('message', (event: MessageEvent<InspectionMessage>) => {
  const message = event.data;
  if (message.kind === 'actor') {
    const key = `${message.tab}/${message.actor}`;
    // Moved to the end: the most recently changed actor of a machine is the one highlighted.
    reports.delete(key);
    reports.set(key, message);
  } else if (message.kind === 'bye') {
    for (const [key, report] of reports) if (report.tab === message.tab) reports.delete(key);
  }
  render();
});
// Tabs already open answer with where their actors are.
channel.postMessage({ kind: 'hello' } satisfies InspectionMessage);
render();
