/**
 * The server's renderer of first screens (built with `vite build --ssr` into dist/server/). It runs
 * the app's own machines, with server-side effects, and the app's own router and guards: a page
 * is rendered, or redirected, exactly as the SPA would do it in the browser, and the machines'
 * snapshots go into the page so the browser resumes them instead of starting over.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { text } from 'node:stream/consumers';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { InProcessFetch, PageAllowances, PageRendererSetup, PageResult, PageStatus } from '@contracts/page-renderer';
import type { Client } from '@contracts/clients';
import { isLanguage, type Language } from '@contracts/session';
import { selectClient } from '@machines/client/client.selectors';
import { selectLanguage } from '@machines/language/language.selectors';
import { selectIsCheckFailed, selectIsResolving, selectIsSignedIn } from '@machines/session/session.selectors';
import { createRequestHandler } from '@tanstack/react-router/ssr/server';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { fromPromise, waitFor, type AnyActorRef, type Snapshot } from 'xstate';
import { persistMachines, startMachines, type MachineHost } from '@/app/actors';
import { App } from '@/app/app';
import type { StorageWrites } from '@/app/first-screen';
import { clientThemeUrl } from '@contracts/branding-urls';
import { createAppNavigation } from '@/lib/navigation';
import { createAppRouter } from '@/app/router';
import { fillTemplate, moduleFiles, preloadLinks, routeChunkKeys, themeStyle } from '@/app/server/page-document';
import { visitorChoices } from '@/app/server/visitor-choices';
import { getTranslationLanguage } from '@/lib/api/endpoints';
import { answerCallsWith } from '@/lib/api/http';
import { catalogUrl } from '@/lib/i18n';
import type { Machines } from '@/lib/machines';

/** How long the machines may take to settle on the server before the page is left to the SPA. */
const settleTimeoutMs = 10000;
/** Modules a signed-in first screen shows beyond its route (the signed-in menu is loaded lazily). */
const signedInModules = ['src/features/shell/signed-in-menu.tsx'];
/** The manifest key of the module a server-rendered page starts with (see src/entry-first-paint.ts). */
const firstPaintEntry = 'src/entry-first-paint.ts';

/** The theme class the client machine puts on the page's body, kept for the page's `<body class>`. */
function recordedBody() {
  const classes = new Set<string>(['theme-default']);
  return {
    classList: {
      add: (name: string) => void classes.add(name),
      remove: (name: string) => void classes.delete(name),
      [Symbol.iterator]: () => classes.values(),
    },
    className: () => [...classes].join(' '),
  };
}

/** The machines' storage writes on the server, replayed into the browser's storage. */
function recordedStorage(writes: StorageWrites) {
  return {
    set: (key: string, value: string) => {
      writes[key] = value;
    },
    remove: (key: string) => {
      writes[key] = null;
    },
  };
}

/** Nothing in flight: no invoked call that the browser, resuming the snapshot, would start again. */
/** The machines' listeners (the other tabs, the calls in flight): they run as long as their machine, and are never awaited. */
const listeners: ReadonlySet<string> = new Set(['shareWithOtherTabs', 'followOtherTabs', 'watchCalls']);
const idle = (snapshot: { children: Record<string, AnyActorRef | undefined> }): boolean =>
  Object.entries(snapshot.children).every(
    ([id, child]) => listeners.has(id) || (child?.getSnapshot() as Snapshot<unknown> | undefined)?.status !== 'active',
  );
const settling = { timeout: settleTimeoutMs };

function isMessages(value: Record<string, unknown>): value is Messages {
  return Object.values(value).every((message) => typeof message === 'string' || Array.isArray(message));
}

/** Creates the renderer over the built SPA: its page template, manifest and catalogs. */
export function createPageRenderer({ template, manifest, catalogs }: PageRendererSetup) {
  const messages: Partial<Record<Language, Messages>> = {};
  for (const [language, catalog] of Object.entries(catalogs)) if (isLanguage(language) && isMessages(catalog)) messages[language] = catalog;
  const entryModules = moduleFiles(manifest, ['index.html']);
  const firstPaintScript = manifest[firstPaintEntry]?.file;
  if (!entryModules[0] || !firstPaintScript) throw new Error(`The client build's manifest has no index.html or ${firstPaintEntry}`);
  const appEntry = `/${entryModules[0]}`;
  // Each runs in a task of its own before the entry (an import runs what it imports first, so
  // their order only decides how the work is split).
  const libraries = entryModules.slice(1).map((file) => `/${file}`);
  // Screens that fail to render without a browser (a render error, which React would leave to the
  // browser): learned on their first request, then left to the SPA. Screens that need what only
  // the browser has say so themselves (`rendersInBrowser`).
  const browserOnlyScreens = new Set<string>();

  // Every call the machines and loaders make goes to the app in this process, for the request
  // being rendered: the store keeps each request's own cookies apart from the others'.
  const requestApi = new AsyncLocalStorage<InProcessFetch>();
  answerCallsWith((request) => {
    const api = requestApi.getStore();
    return api ? api(request) : Promise.reject(new Error('A call outside a page being rendered'));
  });

  /** The selected client's theme stylesheet, as the API serves it ('' when it cannot be had). */
  async function themeOf(client: Client | null, api: InProcessFetch): Promise<string> {
    if (!client) return '';
    const response = await api(new Request(`http://portal.internal${clientThemeUrl(client.code, client.billingGroup)}`));
    return response.ok ? response.text() : '';
  }

  async function render(request: Request, api: InProcessFetch, { styleNonce }: PageAllowances): Promise<PageResult> {
    const url = new URL(request.url);
    const choices = visitorChoices(request.headers.get('cookie') ?? '');
    const body = recordedBody();
    const storage = { local: {}, session: {} };
    const host: MachineHost = {
      body,
      local: recordedStorage(storage.local),
      session: recordedStorage(storage.session),
      storedLanguage: choices.language,
      language: {
        actors: {
          // Every catalog is loaded already: applying one is choosing it for the render.
          applyLanguage: fromPromise(({ input }) => (input in catalogs ? Promise.resolve(undefined) : Promise.reject(new Error(`No ${input} catalog`)))),
          fetchUserLanguage: fromPromise(({ signal }) => getTranslationLanguage({ signal })),
          // The device's choice reached the server in its cookie; saving it on the user is left to the browser.
          saveUserLanguage: fromPromise(() => Promise.resolve<unknown>(null)),
        },
        actions: { rememberLanguage: () => undefined },
      },
      cookieConsent: {
        actors: { readConsent: fromPromise(() => Promise.resolve(choices.cookieNoticeAccepted)) },
        actions: { storeConsent: () => undefined },
      },
      reportError: () => undefined,
    };
    const navigation = createAppNavigation({ assign: () => undefined, pathname: url.pathname });
    const machines = startMachines(navigation, host);
    try {
      const [matched, , found] = createAppRouter(machines, { onServer: true }).getMatchedRoutes(url.pathname);
      // The not-found screen answers 404 however it is served: a "soft" 200 reads as a page that exists.
      const status: PageStatus = found === undefined || found.options.staticData?.answersNotFound ? 404 : 200;
      const session = await waitFor(machines.session, (snapshot) => idle(snapshot) && (!selectIsResolving(snapshot) || selectIsCheckFailed(snapshot)), settling);
      if (selectIsCheckFailed(session)) return { type: 'spa', status };
      if (matched.some((route) => route.options.staticData?.rendersInBrowser)) return { type: 'spa', status };
      const handler = createRequestHandler({
        request,
        createRouter: () => {
          const router = createAppRouter(machines, { onServer: true });
          navigation.attach(router);
          return router;
        },
      });
      let page: PageResult = { type: 'spa', status };
      const response = await handler(async ({ router }) => {
        await waitFor(machines.client, (snapshot) => idle(snapshot) && !snapshot.hasTag('resolving'), settling);
        await waitFor(machines.language, (snapshot) => idle(snapshot) && !snapshot.hasTag('switching'), settling);
        await waitFor(machines.cookieConsent, (snapshot) => !snapshot.matches('unknown'), settling);
        const language = selectLanguage(machines.language.getSnapshot());
        const routeIds = router.state.matches.map((match) => match.routeId);
        const screen = routeIds.at(-1) ?? '';
        if (browserOnlyScreens.has(screen)) return new Response(null);
        const appHtml = await renderApp(machines, router, setupI18n({ locale: language, messages }));
        const client = selectClient(machines.client.getSnapshot());
        if (appHtml === null) {
          browserOnlyScreens.add(screen);
          return new Response(null);
        }
        const modules = moduleFiles(manifest, [
          'index.html',
          ...routeChunkKeys(manifest, routeIds),
          ...(selectIsSignedIn(machines.session.getSnapshot()) ? signedInModules : []),
        ]).filter((file) => !entryModules.includes(file));
        page = {
          type: 'page',
          status,
          html: fillTemplate(template, {
            language,
            bodyClass: body.className(),
            head: themeStyle({ css: await themeOf(client, api), nonce: styleNonce }) + preloadLinks({ image: client?.logoUrl }),
            appHtml,
            state: {
              snapshots: persistMachines(machines),
              storage,
              loaderData: Object.fromEntries(
                router.state.matches.filter((match) => match.status === 'success' && match.loaderData !== undefined).map((match) => [match.routeId, match.loaderData]),
              ),
            },
            afterFirstPaint: { entry: appEntry, libraries, modules: modules.map((file) => `/${file}`), catalog: catalogUrl(language) },
            firstPaintScript: `/${firstPaintScript}`,
          }),
        };
        return new Response(null);
      });
      const location = response.headers.get('Location');
      if (response.status >= 300 && response.status < 400 && location) return { type: 'redirect', location };
      return page;
    } finally {
      // Timers (the session's polling) must not outlive the request.
      machines.app.stop();
    }
  }

  return (request: Request, api: InProcessFetch, allowances: PageAllowances = {}): Promise<PageResult> =>
    requestApi.run(api, () => render(request, api, allowances));
}

/**
 * Renders the app to HTML, waiting for its lazily loaded parts; null when a part of the screen
 * cannot be rendered without a browser (React would leave it to the browser, with an error).
 */
async function renderApp(machines: Machines, router: ReturnType<typeof createAppRouter>, i18n: I18n): Promise<string | null> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={router} machines={machines} i18n={i18n} />
    </StrictMode>,
    {
      // A long page (a list of a few hundred rows) in one piece: React would otherwise send large
      // parts apart and join them with inline scripts, which the CSP (no inline script) refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const html = await text(prelude);
  return errors.length > 0 ? null : html;
}
