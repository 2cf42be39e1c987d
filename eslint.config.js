import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each feature folder: a zone of its own. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's surfaces, one room per audience (server/README.md): each stands on server/core, never on another. */
const surfaces = ['patients', 'console', 'partner-api'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'src/route-tree.gen.ts', 'locales/*/*.js', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // TanStack Router's redirect() is thrown by design.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every actor the app starts goes through createAppActor, so that `npm run dev:inspect` sees it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/lib/create-app-actor.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'xstate', importNames: ['createActor', 'interpret'], message: "Start actors with createAppActor from '@/lib/create-app-actor'." }] },
      ],
    },
  },
  {
    // xstate/graph hands back xstate's Any* types (any inside); the harness checks values at run time.
    files: ['tests/model/harness.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // The house's rooms. Zones compare resolved files, so no relative path (`../../src/...`) or
    // alias walks around them; the resolver reads the tsconfig's path aliases.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ tsconfig: { configFile: 'tsconfig.json' }, extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './machines', from: ['./src', './server', './tests'], message: 'Machines are pure: effects are provided by the app.' },
            { target: './server', from: ['./src', './machines'], message: 'The server shares only the contracts with the SPA.' },
            {
              target: './contracts',
              from: ['./src', './server', './machines', './tests', './scripts'],
              message: 'Contracts depend on nothing of ours.',
            },
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/console', './src/app', './src/routes'],
              message: 'Shared code does not reach into features, the wiring or the routes.',
            },
            { target: './src/features', from: ['./src/app', './src/routes'], message: 'Features do not reach into the wiring or the routes.' },
            ...surfaces.map((surface) => ({
              target: `./server/${surface}`,
              from: surfaces.filter((other) => other !== surface).map((other) => `./server/${other}`),
              message: 'A surface does not import another surface: what two audiences share lives in server/core.',
            })),
            {
              // jobs/registry.ts lists every job with the work it runs, wherever that work lives (as api-modules.ts lists the routes).
              target: ['./server/core', './server/http', './server/db', './server/lib', './server/security', './server/seed', './server/jobs/!(registry).ts'],
              from: surfaces.map((surface) => `./server/${surface}`),
              message: 'Core and the shared folders import no surface (patients, console, partner API).',
            },
            { target: './server/**/*.routes.ts', from: './server/db', message: 'A route file calls services; it never reaches the database.' },
            // The staff's console: an app of its own beside the patients' features, with a feature's rules.
            { target: './src/console', from: ['./src/app', './src/routes'], message: 'The console does not reach into the wiring or the routes.' },
            { target: './src/console', from: './src/features', message: "The console does not import the patients' features: share through src/lib or src/components." },
            { target: './src/features', from: './src/console', message: "The patients' features do not import the console: share through src/lib or src/components." },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: share through src/lib or src/components.',
            })),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Machines import only libraries that run anywhere, and the contracts for their types.
    files: ['machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'ky', '@xstate/react'].map((name) => ({ name, message: 'Machines are pure: no UI or HTTP.' })),
          patterns: [
            { group: ['@tanstack/*'], message: 'Machines never import the router.' },
            { group: ['@contracts/*', '**/contracts/*'], allowTypeImports: true, message: 'Machines use the contracts for types only.' },
          ],
        },
      ],
    },
  },
);
