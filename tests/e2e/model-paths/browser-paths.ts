/**
 * The machines' QA plans run in the browser: each reduced path of a machine's plan (the ones
 * `npm run model:plans` prints in docs/model/<machine>.plan.md) becomes a Playwright test titled by
 * the path in words. Each model event is mapped to what a person does or to a server answer the
 * test arranges (a held call answered, failed or passed on to the real server), or to the page's
 * clock; after each step the screen must show the state the model predicts. A passing path records
 * what it covered, for `npm run model:coverage`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import { reducePaths } from '../../../scripts/model/plans';
import { eventAsCode, transitionKey, type AnyMachineModel, type PathFacts } from '../../model/harness';
import { models } from '../../model/models';
import { explore, whereIs, type ExploredPath } from '../../model/paths';
import { test } from '../fixtures';
import { CallGate, json } from './call-gate';
import { browserRecordParts } from './record';

/** One model event as the machine saw it, with its payload. */
export type ModelEvent = EventObject & Record<string, unknown>;

/** A path being run in the browser, as a step's mapping sees it. */
export interface PathRun {
  page: Page;
  context: BrowserContext;
  /** The calls the test holds, to answer them as the path says. */
  gate: CallGate;
  /** The path's number in its plan (1 for the first), which picks its own accounts. */
  number: number;
  /** The path's events, for a step that must look ahead (whom to sign in as, which answer follows). */
  events: readonly ModelEvent[];
  /** The index of the current step in `events` (-1 before the first). */
  index: number;
  /** The snapshot the model predicts before the current step, and after it. */
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /**
   * Whether the server renders the pages the path opens. Off by default: the machines then start
   * in the browser (as on a page the server leaves to the SPA), so their start-up calls can be held
   * and answered as the path says; a step that resumes a server-rendered page turns it on.
   */
  serverRendered: boolean;
}

/** The events after the current step, nearest first. */
export function ahead(run: PathRun): readonly ModelEvent[] {
  return run.events.slice(run.index + 1);
}

/** What a person does (or how the test arranges a server answer or the clock) for one model event. */
export type StepAction = (run: PathRun, event: ModelEvent) => Promise<void>;

/** What a person sees in one state: assertions on the screen, which wait for it. */
export type ScreenCheck = (run: PathRun) => Promise<void>;

/**
 * Thrown by a step's mapping for an event no screen of the product lets a person cause (from this
 * state): the path fails there with the reason, since either the product lacks a way the machine
 * promises or the machine has a branch nobody can take; both are to be fixed, not skipped.
 */
export class NoWayInTheProduct extends Error {
  constructor(reason: string) {
    super(`no way in the product: ${reason}`);
    this.name = 'NoWayInTheProduct';
  }
}

/** How one machine's plan runs in the browser. */
export interface BrowserPaths {
  /** The registered model's name (tests/model/registry.ts). */
  machine: string;
  /** Arranges what the path needs before its start (accounts, held calls, the clock), then opens the page. */
  start: (run: PathRun) => Promise<void>;
  /** Per event type, what a person does. An event missing here fails its path. */
  steps: Readonly<Record<string, StepAction>>;
  /**
   * Per state node id (`session.signedIn.expiry.warning`), what a person sees there. Every active
   * leaf state must have one (a missing one fails the path); a compound or parallel state may add
   * what all its children share.
   */
  screens: Readonly<Record<string, ScreenCheck>>;
}

/** The registered model of a machine, by name. */
export function modelNamed(name: string): AnyMachineModel {
  const model = models.find((each) => each.name === name);
  if (!model) throw new Error(`No registered model named ${name} (tests/model/registry.ts)`);
  return model;
}

/** The machine's reduced paths, as its plan prints them (the same order, so path N is the plan's N). */
export function planPaths(model: AnyMachineModel): ExploredPath[] {
  return reducePaths(explore(model), model.isRoundabout);
}

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return snapshot._nodes.filter((node) => node.parent !== undefined);
}

async function checkScreen(browser: BrowserPaths, run: PathRun, snapshot: AnyMachineSnapshot): Promise<void> {
  for (const node of activeNodes(snapshot)) {
    const check = browser.screens[node.id];
    if (check) await check(run);
    else if (node.type === 'atomic' || node.type === 'final') {
      throw new Error(`No screen check for the state ${node.id}: add what a person sees there to the ${browser.machine} browser paths`);
    }
  }
}

/** The keys a passing path covered, as `npm run model:coverage` reads them. */
function coveredKeys(facts: PathFacts): Record<'states' | 'transitions' | 'guards' | 'requirements', string[]> {
  const steps = [facts.start, ...facts.steps];
  return {
    states: [...new Set(steps.flatMap((step) => step.visited))],
    transitions: [...new Set(steps.flatMap((step) => step.transitions.map(transitionKey)))],
    guards: [...new Set(steps.flatMap((step) => step.guards))],
    requirements: [...new Set(steps.flatMap((step) => step.requirements))],
  };
}

function recordPassed(machine: string, number: number, facts: PathFacts): void {
  const folder = join(browserRecordParts, machine);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${String(number)}.json`), JSON.stringify({ machine, ...coveredKeys(facts) }));
}

/**
 * A page's address: a path outside the API whose last part has no file extension. A RegExp, not a
 * function: Playwright matches a RegExp in its driver and lets every other request (the bundle's
 * chunks, the catalogs, the API) pass there, where a function had each of them sent to the test's
 * process and back.
 */
const pageAddress = /^[a-z]+:\/\/[^/?#]+(?!\/api\/)(\/[^?#]*)?(?<!\.[a-z0-9]+)(?:[?#].*)?$/i;

/**
 * Answers the documents the path's pages request (in every tab, not in their frames) with the plain SPA (the built index.html, which the server
 * also sends when it leaves a page to the browser) while the path does not ask for server rendering.
 */
async function servePagesToTheBrowser(run: PathRun): Promise<void> {
  await run.context.route(
    pageAddress,
    async (route) => {
      // Only the page's own documents: a frame's (the card processor's page) is the server's as it is.
      if (run.serverRendered || route.request().resourceType() !== 'document' || route.request().frame().parentFrame() !== null) {
        await route.fallback();
        return;
      }
      // Sent on to the server for it, not fulfilled here: a page the test fulfilled counts as one
      // from the public internet, and Chromium's local network access checks would then refuse
      // its frame from this machine's other origin (the card processor's).
      await route.continue({ url: new URL('/index.html', route.request().url()).href });
    },
  );
}

/** Paths longer than this many steps get three times the test's time (test.slow()). */
const slowPathSteps = 8;

/** Declares one test per path of the machine's plan. */
export function describeBrowserPaths(browser: BrowserPaths): void {
  const model = modelNamed(browser.machine);
  const paths = planPaths(model);
  test.describe(`${model.title} plan in the browser (docs/model/${model.name}.plan.md)`, () => {
    // Paths make calls fail on purpose: the app logs these failures, and nothing else.
    test.use({ expectedConsoleErrors: /^(Could not check the session at start-up|The language could not be loaded|ApiError: API call failed)/ });
    paths.forEach((path, index) => {
      const number = index + 1;
      test(path.title, async ({ page, context }) => {
        // A long path signs in, loads and answers many times: it gets the slow-test time.
        if (path.path.steps.length > slowPathSteps) test.slow();
        const events = path.path.steps.map((step) => step.event as ModelEvent);
        const start = path.facts.start.snapshot;
        const run: PathRun = { page, context, gate: new CallGate(page), number, events, index: -1, before: start, after: start, serverRendered: false };
        await run.gate.install();
        // The console asks every few seconds how long its staff session has left, and the paths'
        // staff sessions are the test's answers, unknown to the server: plenty is left, unless a
        // path holds the question to answer it itself (the staff session's plan).
        await run.gate.answerAll('console/session/time-left', json({ display: false, secondsLeft: 900 }));
        await servePagesToTheBrowser(run);
        await test.step(`0. Starts (${path.variant}) ⇒ ${whereIs(start)}`, async () => {
          await browser.start(run);
          await checkScreen(browser, run, start);
        });
        for (const [stepIndex, step] of path.path.steps.entries()) {
          const event = step.event as ModelEvent;
          run.index = stepIndex;
          run.before = run.after;
          run.after = step.state;
          const label = `${String(stepIndex + 1)}. ${path.labels[stepIndex] ?? event.type}`;
          await test.step(`${label} ⇒ ${whereIs(step.state)}`, async () => {
            const action = browser.steps[event.type];
            if (!action) throw new Error(`No browser mapping for the event ${eventAsCode(event)}: add it to the ${browser.machine} browser paths`);
            await action(run, event);
            await checkScreen(browser, run, step.state);
          });
        }
        await run.gate.stop();
        recordPassed(model.name, number, path.facts);
      });
    });
  });
}
