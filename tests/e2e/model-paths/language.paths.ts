/**
 * The language plan in the browser: the device's earlier choice arranged in local storage before
 * the page opens, each catalog (/assets/locale/{lang}.json) held until the path says it loads or
 * fails, languages chosen in the header's selector, signing in and out on the real pages, and the
 * user's language on the server (read and saved) held until the path answers it.
 */
import type { Language, LanguageContext } from '@machines/language/language.types';
import type { Page, Route } from '@playwright/test';
import { chooseLanguage, demo, expect, signIn, test } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import { NoWayInTheProduct, type BrowserPaths, type ModelEvent, type PathRun } from './browser-paths';
import { fromServer, json, offline } from './call-gate';

const endpoints = {
  check: 'User/GetIsUserLoggedIn',
  read: 'user/GetTranslationLanguage',
  save: 'user/UpdateTranslationLanguage',
} as const;

/** How long a step waits for the page to ask for a catalog it expects. */
const catalogTimeout = 15000;

/**
 * Holds the page's catalog requests until the path says how they end: loaded from the real
 * server, or failed as if the network were down. A catalog the page loaded once is kept by the
 * page, so it is never asked for again.
 */
class CatalogGate {
  private readonly queues = new Map<string, Route[]>();
  private readonly waiters = new Map<string, (() => void)[]>();
  private readonly loaded = new Set<string>();

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    await this.page.route('**/assets/locale/*.json', (route) => {
      const language = /\/([^/]+)\.json$/.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
      this.queues.set(language, [...(this.queues.get(language) ?? []), route]);
      for (const wake of this.waiters.get(language) ?? []) wake();
      this.waiters.delete(language);
    });
  }

  /** Whether the page has loaded the language's catalog (it keeps it from then on). */
  isLoaded(language: Language): boolean {
    return this.loaded.has(language);
  }

  /** Whether a request for the language's catalog is held now. */
  isHeld(language: Language): boolean {
    return (this.queues.get(language)?.length ?? 0) > 0;
  }

  /** Waits until the page asks for the language's catalog. */
  async arrived(language: Language): Promise<void> {
    if (this.isHeld(language)) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The page did not ask for the ${language} catalog within ${String(catalogTimeout / 1000)} s`)), catalogTimeout);
      this.waiters.set(language, [
        ...(this.waiters.get(language) ?? []),
        () => {
          clearTimeout(timer);
          resolve();
        },
      ]);
    });
  }

  /** Answers the oldest held request for the catalog: the real one, or a failed network. */
  async answer(language: Language, outcome: 'loads' | 'fails'): Promise<void> {
    await this.arrived(language);
    const route = this.queues.get(language)?.shift();
    if (!route) throw new Error(`No held request for the ${language} catalog`);
    if (outcome === 'loads') {
      await route.fallback();
      this.loaded.add(language);
    } else await route.abort('internetdisconnected');
  }
}

const catalogs = new WeakMap<Page, CatalogGate>();
function catalogsOf(run: PathRun): CatalogGate {
  const gate = catalogs.get(run.page);
  if (!gate) throw new Error('The language path did not start');
  return gate;
}

/** Whether the person is signed in on the page now (the steps sign in and out). */
const signedInPages = new WeakSet<Page>();

const contextOf = (snapshot: PathRun['after']) => snapshot.context as LanguageContext;
const userOf = (run: PathRun) => modelPathAccounts.languageUser(run.number);

/** The words each language shows for the same things, so a check reads which language the page speaks. */
const words: Record<Language, { language: string; signOut: string; rosterLogin: string; loading: string }> = {
  'en-US': { language: 'Language', signOut: 'Sign out', rosterLogin: 'Roster login', loading: 'Loading…' },
  'es-ES': { language: 'Idioma', signOut: 'Cerrar sesión', rosterLogin: 'Acceso de titulares', loading: 'Cargando…' },
};

const selector = (page: Page) => page.getByRole('combobox', { name: /^(Language|Idioma)$/ });
const overlay = (page: Page) => page.getByTestId('loading-overlay');
const signedInMenu = (page: Page) => page.getByTestId('menu-signed-in');
const signedOutMenu = (page: Page) => page.getByTestId('menu-signed-out');
const retryButton = (page: Page) => page.getByRole('button', { name: 'Try again · Reintentar' });

/** Whether the first screen has not shown yet at the current step: no language has been applied so far. */
function beforeTheFirstScreen(run: PathRun): boolean {
  return !run.events.slice(0, run.index + 1).some((event) => event.type.startsWith('xstate.done.actor.apply'));
}

/**
 * Another tab of this browser opens the portal and the person chooses the language there: the
 * choice is this device's, and the page follows it (for a page still without a screen, the only way).
 */
async function chooseInAnotherTab(run: PathRun, language: Language): Promise<void> {
  const other = await run.context.newPage();
  await other.goto('/SUN/about');
  const requestedNow = contextOf(run.before).requested;
  const storedHere = await other.evaluate(() => localStorage.getItem('language'));
  if (storedHere === language && requestedNow !== language) {
    // The other tab speaks it already (this device's earlier choice): a choice of the same language
    // changes nothing there, so it first takes the language this page is loading, which changes nothing here.
    await chooseLanguage(other, requestedNow);
    await expect(other.locator('html')).toHaveAttribute('lang', requestedNow);
  }
  await chooseLanguage(other, language);
  await expect(other.locator('html')).toHaveAttribute('lang', language);
  await other.close();
}

/**
 * Whether the path's first sign-in happens before the first screen shows (while the first
 * language, or English after it, is still loading): no form is on the screen then, so the person
 * signed in on an earlier visit and the page's start-up check, held until then, finds them.
 */
function signsInBeforeTheFirstScreen(events: readonly ModelEvent[]): boolean {
  for (const event of events) {
    if (event.type === 'language.userSignedIn') return true;
    if (event.type === 'xstate.done.actor.applyStoredLanguage' || event.type === 'xstate.done.actor.applyLanguage') return false;
  }
  return false;
}

/** The page speaks the language: its selector's label and value, and the document's language. */
async function speaks(page: Page, language: Language): Promise<void> {
  await expect(selector(page)).toHaveAccessibleName(words[language].language);
  await expect(selector(page)).toHaveValue(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Signs in on the login form (reached through the menu when the page is elsewhere), by keyboard: an overlay may cover the page. */
async function signInOnTheForm(run: PathRun): Promise<void> {
  const { page } = run;
  const language = contextOf(run.before).language;
  const form = page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ });
  // Always through the menu: right after signing out the page may still be leaving the form,
  // so a glance at whether the form shows can race the navigation.
  await signedOutMenu(page).getByRole('link', { name: words[language].rosterLogin }).press('Enter');
  await expect(form).toBeVisible();
  await page.getByLabel(/^(Email|Correo electrónico)$/).fill(userOf(run).userEmail);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(demo.password);
  await page.getByLabel(/^(Password|Contraseña)$/).press('Enter');
  await expect(signedInMenu(page)).toBeVisible();
}

async function signOut(run: PathRun): Promise<void> {
  const { page } = run;
  // The menu turns to the signed-out one as signing out starts; the page moves on only once the
  // server has answered, so the next step waits for that answer (a click before it would be undone).
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname.toLowerCase() === '/api/user/logout');
  await signedInMenu(page)
    .getByRole('button', { name: /^(Sign out|Cerrar sesión)$/ })
    .press('Enter');
  await loggedOut;
  await expect(signedOutMenu(page)).toBeVisible();
  signedInPages.delete(page);
}

/** After a sign-in, the call the machine's next state makes arrives (held). */
async function callOf(run: PathRun): Promise<void> {
  if (run.after.matches('fetchingUserLanguage')) await run.gate.arrived(endpoints.read);
  if (run.after.matches('savingUserLanguage')) await run.gate.arrived(endpoints.save);
}

/**
 * Once the server has answered, a language chosen while it was asked is loaded (the page asks for
 * its catalog, unless it has it already).
 */
async function choiceMadeMeanwhileLoads(run: PathRun): Promise<void> {
  if (!run.after.matches('switching')) return;
  const language = contextOf(run.after).requested;
  if (!catalogsOf(run).isLoaded(language)) await catalogsOf(run).arrived(language);
}

/** The catalog the machine loads in the state before the step. */
const requested = (run: PathRun): Language => contextOf(run.before).requested;

/** Answers the held request for the catalog being loaded; a catalog the page has already loaded is not asked for again. */
async function catalogLoads(run: PathRun): Promise<void> {
  const language = requested(run);
  const gate = catalogsOf(run);
  if (!gate.isLoaded(language)) await gate.answer(language, 'loads');
  await callOf(run);
}

async function catalogFails(run: PathRun): Promise<void> {
  const language = requested(run);
  const gate = catalogsOf(run);
  if (gate.isLoaded(language)) {
    throw new NoWayInTheProduct(`the ${language} catalog loaded earlier on this page, which keeps it: loading it again cannot fail`);
  }
  await gate.answer(language, 'fails');
  // The first language failed: English is asked for next.
  if (run.after.matches('switching')) await catalogsOf(run).arrived(contextOf(run.after).requested);
}

export const languagePaths: BrowserPaths = {
  machine: 'language',
  start: async (run) => {
    const { page, context } = run;
    const stored = run.before.context as LanguageContext;
    const earlySignIn = signsInBeforeTheFirstScreen(run.events);
    // Signing in twice (and out between) on a busy machine takes longer than most paths.
    test.slow(run.events.filter((event) => event.type === 'language.userSignedIn').length > 1, 'signs in twice');
    if (earlySignIn) {
      await page.goto('/SUN/login');
      await signIn(page, userOf(run).userEmail, demo.password);
      await expect(signedInMenu(page)).toBeVisible();
      run.gate.hold(endpoints.check);
    }
    // The device's earlier choice, once, as the page opens (the fixture's page chose English).
    await context.clearCookies({ name: 'pbp_language' });
    await page.addInitScript((choice) => {
      if (sessionStorage.getItem('modelPathLanguageArranged') !== null) return;
      sessionStorage.setItem('modelPathLanguageArranged', 'yes');
      if (choice === null) localStorage.removeItem('language');
      else localStorage.setItem('language', choice);
    }, stored.isChosenHere ? stored.requested : null);
    run.gate.hold(endpoints.read, endpoints.save);
    const gate = new CatalogGate(page);
    await gate.install();
    catalogs.set(page, gate);
    await page.goto(earlySignIn ? '/SUN/about' : '/SUN/login');
    await gate.arrived(stored.requested);
    if (earlySignIn) await run.gate.arrived(endpoints.check);
  },
  steps: {
    'xstate.done.actor.applyStoredLanguage': catalogLoads,
    'xstate.error.actor.applyStoredLanguage': catalogFails,
    'xstate.done.actor.applyLanguage': catalogLoads,
    'xstate.error.actor.applyLanguage': catalogFails,
    'xstate.done.actor.applyUserLanguage': catalogLoads,
    'xstate.error.actor.applyUserLanguage': catalogFails,
    'language.change': async (run, event) => {
      const language = event.language as Language;
      if (beforeTheFirstScreen(run)) await chooseInAnotherTab(run, language);
      else await chooseLanguage(run.page, language);
      if (run.after.matches('switching') && !run.before.matches('switching') && !catalogsOf(run).isLoaded(language)) {
        await catalogsOf(run).arrived(language);
      }
    },
    'language.userSignedIn': async (run) => {
      if (run.gate.waiting(endpoints.check) > 0) {
        // Before the first screen: the page's start-up check finds the person signed in earlier.
        await run.gate.answer(endpoints.check, fromServer);
        run.gate.release(endpoints.check);
      } else {
        if (signedInPages.has(run.page)) await signOut(run);
        await signInOnTheForm(run);
      }
      signedInPages.add(run.page);
      await callOf(run);
    },
    'language.userSignedOut': signOut,
    // The notice's one button; the requested catalog is asked for again.
    'language.retry': async (run) => {
      await retryButton(run.page).click();
      await catalogsOf(run).arrived(contextOf(run.after).requested);
    },
    'xstate.done.actor.fetchUserLanguage': async (run, event) => {
      const { requested } = contextOf(run.after);
      if (run.after.matches('applyingUserLanguage') && catalogsOf(run).isLoaded(requested)) {
        // The page keeps every catalog it has loaded: the user's language is in place at once, never
        // being applied (nor failing, as the path may say next).
        throw new NoWayInTheProduct(`the ${requested} catalog is loaded on this page already, so the user's language is applied at once`);
      }
      await run.gate.answer(endpoints.read, json({ language: event.output }));
      if (run.after.matches('applyingUserLanguage')) await catalogsOf(run).arrived(requested);
      await choiceMadeMeanwhileLoads(run);
    },
    'xstate.error.actor.fetchUserLanguage': async (run) => {
      await run.gate.answer(endpoints.read, offline);
      await choiceMadeMeanwhileLoads(run);
    },
    'xstate.done.actor.saveUserLanguage': async (run) => {
      await run.gate.answer(endpoints.save, fromServer);
      await choiceMadeMeanwhileLoads(run);
    },
    'xstate.error.actor.saveUserLanguage': async (run) => {
      await run.gate.answer(endpoints.save, offline);
      await choiceMadeMeanwhileLoads(run);
    },
  },
  screens: {
    // Nothing shows before the first language is in place: never a message id.
    'language.starting': async ({ page }) => {
      await expect(page.locator('#root')).toBeEmpty();
    },
    // Still the language in place (the selector shows it) while another loads; before the first screen, nothing yet.
    'language.switching': async (run) => {
      const { language, requested } = contextOf(run.after);
      if (beforeTheFirstScreen(run)) await expect(run.page.locator('#root')).toBeEmpty();
      // A catalog this page loaded earlier is applied at once: the page speaks it already.
      else await speaks(run.page, catalogsOf(run).isLoaded(requested) ? requested : language);
    },
    // No catalog could be loaded: the notice in both languages, never message ids.
    'language.unavailable': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The portal could not load · No se pudo cargar el portal');
      await expect(page.locator('h1 [lang="es-ES"]')).toHaveText('No se pudo cargar el portal');
      await expect(retryButton(page)).toBeVisible();
    },
    'language.ready': async (run) => {
      await speaks(run.page, contextOf(run.after).language);
    },
    // The user's language is being read from the server: the loading overlay, over the page in its current language.
    'language.fetchingUserLanguage': async (run) => {
      await expect(overlay(run.page).getByRole('status')).toHaveText(words[contextOf(run.after).language].loading);
    },
    'language.applyingUserLanguage': async (run) => {
      await speaks(run.page, contextOf(run.after).language);
      await expect(signedInMenu(run.page)).toBeVisible();
    },
    'language.savingUserLanguage': async (run) => {
      await expect(overlay(run.page).getByRole('status')).toHaveText(words[contextOf(run.after).language].loading);
    },
  },
};
