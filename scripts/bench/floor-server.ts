/**
 * The web benchmark's baseline: a sign-in page of the product's look that is plain HTML (the
 * build's stylesheet, the Sunrise theme (inline, as the product's page has it) and logo, a heading, two fields and a button, no script),
 * so its paint is the floor for this stylesheet, logo and network. Served as the product serves
 * the same files: the stylesheet compressed and cached, the logo from the same folder.
 *
 * DIST_DIR: the built SPA whose stylesheet it links.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { namedPalettes, themeCss } from '../../contracts/branding';

const root = resolve(import.meta.dirname, '../..');
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const logosRoot = join(root, 'server/public');

const index = readFileSync(join(distDir, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(index)?.[1];
if (!stylesheet) throw new Error(`No stylesheet linked from ${join(distDir, 'index.html')}: is the build complete?`);

// The product's own class names, so the stylesheet lays it out as it lays out the real sign-in page.
const floorPage = `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="View and pay your medical bills online." />
    <link rel="icon" href="data:," />
    <title>Sign in – Sunrise Laboratories</title>
    <link rel="stylesheet" href="${stylesheet}">
    <style>${themeCss(namedPalettes.sunrise)}</style>
  </head>
  <body class="theme-sunrise">
    <div id="root"><div class="app">
      <header class="site-header"><div class="header-row">
        <a class="brand-link" href="/floor"><span class="client-brand"><img class="client-logo" alt="Sunrise Laboratories" height="48" src="/logos/sun.svg"></span></a>
      </div></header>
      <div class="app-body sidebar-hidden">
        <main id="main-content" class="app-main" tabindex="-1">
          <section class="screen screen-narrow" aria-labelledby="title">
            <h1 id="title">Sign in</h1>
            <form class="form" method="post" action="/floor">
              <div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username"></div>
              <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password"></div>
              <button type="submit" class="button">Sign in</button>
            </form>
          </section>
        </main>
      </div>
    </div></div>
  </body>
</html>
`;

const app = new Hono();
app.get('/floor', (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.html(floorPage);
});
app.use('/assets/*', compress());
app.use('/assets/*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
});
app.use('/assets/*', serveStatic({ root: distDir }));
app.use('/logos/*', serveStatic({ root: logosRoot }));

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
