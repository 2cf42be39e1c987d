import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bareDynamicImports } from './scripts/bare-dynamic-imports.ts';
import { consoleValibot } from './scripts/console-valibot.ts';
import { inspectorPage } from './scripts/inspect/inspector-plugin.ts';
import { linguiJsonCatalogs } from './scripts/lingui-json-catalogs.ts';
import stripMachineDescriptions from './scripts/strip-machine-descriptions.ts';
import stripServerOnlyDeclarations from './scripts/strip-server-only-declarations.ts';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // The router plugin must run before the React plugin.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its screen (its calls and their schemas stay out of the first
      // page's code), and its error screen apart: said once here rather than in every route file
      // (a route's own groupings would travel in the first page's code too).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    babel({
      plugins: ['@lingui/babel-plugin-lingui-macro', ...(command === 'build' ? [stripMachineDescriptions, stripServerOnlyDeclarations] : [])],
    }),
    // Lingui's checks on how the macros are used (and strict compiling, should a .po be imported).
    lingui({ failOnMissing: true }),
    // The translations the SPA fetches: JSON catalogs per language at /assets/locale/{lang}.json, and the console's at office-{lang}.json.
    linguiJsonCatalogs(),
    bareDynamicImports(),
    // The billing office's console brings its own copy of valibot: the patients' shared chunk keeps only what they use.
    consoleValibot(),
    // `npm run dev:inspect` only: the page at /__inspect/ that shows the live app's states on the charts.
    inspectorPage(),
  ],
  resolve: {
    alias: {
      // @xstate/react and the router's store ask for React's useSyncExternalStore through the shim
      // for React 17; React 19 has it: the shim's copy stays out of the bundle.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      'use-sync-external-store/shim': 'react',
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
    },
  },
  build: {
    manifest: true,
    sourcemap: false,
    // Route chunks only import what the entry has already loaded, so preload hints buy nothing.
    modulePreload: false,
    rollupOptions: {
      // A server-rendered page starts with the small first-paint entry in place of the app's.
      input: { index: 'index.html', 'first-paint': 'src/entry-first-paint.ts' },
      // Building a schema has no side effect: one nothing uses (a request schema, whose endpoint
      // declaration the SPA's build keeps only what a call needs of) is left out. Valibot says so
      // of its functions, but the bundler forgets it across the vendor chunk (below), so it is
      // said here: every `v.…(…)` call and the contracts' text helpers. (So never call `v.parse`
      // for its throw alone: a call whose result is unused is dropped.)
      treeshake: { manualPureFunctions: ['v', 'requiredText', 'optionalText', 'secretText'] },
      output: {
        // The libraries every page needs travel as one chunk: one request and one gzip stream,
        // instead of many small shared pieces. ky is not among them: it loads with the first call
        // (src/lib/api/http.ts), which a server-rendered page may never make. Nor are the passkey
        // library and the QR code drawer (uqr): only the billing office's sign-in and set-up load them.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](?!ky[\\/]|@simplewebauthn[\\/]|uqr[\\/]|valibot[\\/]dist[\\/]index\.min\.mjs$)/ }] },
        // The entry names every lazy chunk it may load, and in those names only the route's name is
        // not entropy to gzip: the browser's lazy chunks go by a hash alone (seven characters, the
        // fewest that tell this build's files apart; `dist/.vite/manifest.json` maps them to their
        // sources), the shared libraries and the entries keep their names. (The server build keeps
        // Vite's names: the portal loads `dist/server/entry-server.js`.)
        ...(isSsrBuild
          ? {}
          : {
              entryFileNames: 'assets/[name]-[hash:7].js',
              chunkFileNames: ({ name }: { name: string }) =>
                name === 'vendor' || name === 'rolldown-runtime' ? 'assets/[name]-[hash:7].js' : 'assets/[hash:7].js',
            }),
      },
    },
  },
  // The server renderer carries its own production React (and the libraries that use it): the
  // portal's process may run without NODE_ENV=production, and React's development build renders
  // pages several times slower.
  ...(isSsrBuild
    ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, ssr: { noExternal: true } }
    : {}),
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/logos': 'http://localhost:8080',
    },
  },
}));
