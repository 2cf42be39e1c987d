import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the development page is served in `npm run dev:inspect`. */
export const inspectorPath = '/__inspect/';

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The charts `npm run charts` wrote, by machine file name; read afresh for every page load. */
export function readCharts(root: string): { name: string; svg: string }[] {
  const folder = join(root, 'docs/charts');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.svg'))
    .sort()
    .map((file) => {
      const svg = readFileSync(join(folder, file), 'utf8');
      return { name: file.slice(0, -'.svg'.length), svg: svg.slice(svg.indexOf('<svg')) };
    });
}

/** The inspector page: every chart inline, and the script that listens to the app's tabs. Nothing from the network. */
export function inspectorHtml(charts: readonly { name: string; svg: string }[]): string {
  const nav = charts.map(({ name }) => `<a href="#${html(name)}">${html(name)}</a>`).join(' · ');
  const sections = charts
    .map(({ name, svg }) => `<section class="machine" id="${html(name)}" data-chart="${html(name)}"><h2>${html(name)} <small class="now"></small></h2><div class="chart">${svg}</div></section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live states of the patient billing portal</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1400px; padding: 1rem; color: #1a202c; }
header { padding: 0.5rem 0; border-bottom: 1px solid #cbd5e0; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; font-size: 0.85rem; }
th, td { border: 1px solid #cbd5e0; padding: 0.2rem 0.4rem; text-align: left; vertical-align: top; }
th { background: #edf2f7; }
.chart { overflow: auto; border: 1px solid #cbd5e0; padding: 0.5rem; }
.chart svg { max-width: none; height: auto; }
small { font-weight: normal; color: #4a5568; }
g.node[data-active] :is(path, polygon, ellipse) { fill: #fefcbf; stroke: #b7791f; stroke-width: 3px; }
g.cluster[data-active] path { stroke: #b7791f; stroke-width: 3px; }
</style>
</head>
<body>
<header>
<h1>Live states of the patient billing portal</h1>
<p>The app's tabs in this browser (started with <code>npm run dev:inspect</code>) report each machine's active states and the type of the last event, never its context or the events' data. The states of each machine's most recently changed actor are highlighted on its chart: a filled box for the state it is in, a thick border for the states around it. <a href="/" target="_blank">Open the app</a></p>
<p id="status" role="status">Waiting for the app: open it in another tab of this browser.</p>
<details open><summary>Actors</summary>
<table><thead><tr><th>machine</th><th>state</th><th>last event</th><th>status</th><th>tab</th></tr></thead><tbody id="actors"></tbody></table>
</details>
<nav>${nav}</nav>
</header>
<main>
${sections}
</main>
<script type="module" src="/scripts/inspect/inspector-page.ts"></script>
</body>
</html>
`;
}

/**
 * Serves the inspector page at /__inspect/ from the dev server started in the `inspect` mode
 * (`npm run dev:inspect`), and prints its address beside the app's.
 */
export function inspectorPage(): Plugin {
  return {
    name: 'billing-portal:inspector-page',
    apply: (_config, env) => env.command === 'serve' && env.mode === 'inspect',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        if (path === inspectorPath.slice(0, -1)) {
          response.writeHead(302, { location: inspectorPath }).end();
          return;
        }
        if (path !== inspectorPath) {
          next();
          return;
        }
        server
          .transformIndexHtml(inspectorPath, inspectorHtml(readCharts(server.config.root)))
          .then((page) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page))
          .catch(next);
      });
      const printUrls = server.printUrls.bind(server);
      server.printUrls = () => {
        printUrls();
        for (const url of server.resolvedUrls?.local ?? []) server.config.logger.info(`  ➜  Inspector: ${new URL(inspectorPath, url).href}`);
      };
    },
  };
}
