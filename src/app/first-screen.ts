/**
 * What a server-rendered page hands the SPA: the root machine's snapshot (its children's within) the first screen was rendered
 * with, and the storage writes their effects made on the server. It travels as JSON in a
 * non-executable `<script type="application/json">`, so the strict CSP needs no exception.
 */
import type { Snapshot } from 'xstate';
import type { FirstScreenSnapshots } from './actors';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The screen needs what only the browser has (the address's #fragment, which never reaches
     * the server): the server serves the plain SPA page and the browser renders it all.
     */
    rendersInBrowser?: true;
    /** The not-found screen: its page answers HTTP 404. */
    answersNotFound?: true;
  }
}

/**
 * Marks, on a server-rendered page, the root and every control that needs the app (forms, their
 * fields, buttons): those controls are `inert` until the app has taken the page over, so a form
 * is never sent natively (a GET with its fields, a password, in the address). Links stay live: a
 * click loads the next page, which the server renders.
 */
export const awaitsAppAttribute = 'data-awaits-app';

/** The id of the element that carries the first screen's state. */
export const firstScreenElementId = 'pbp-first-screen';

/** Storage writes made by the machines' effects on the server: a value, or null for a removal. */
export type StorageWrites = Record<string, string | null>;

export interface FirstScreenState {
  snapshots: FirstScreenSnapshots;
  storage: { local: StorageWrites; session: StorageWrites };
  /** What the screen's route loaders returned on the server, by route id. */
  loaderData: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSnapshot(value: unknown): value is Snapshot<unknown> {
  return isRecord(value) && value.status === 'active';
}

function isStorageWrites(value: unknown): value is StorageWrites {
  return isRecord(value) && Object.values(value).every((item) => item === null || typeof item === 'string');
}

/** Reads the first screen's state from the page, or null when the page was not server-rendered. */
export function readFirstScreen(page: { getElementById(id: string): { textContent: string | null } | null }): FirstScreenState | null {
  const text = page.getElementById(firstScreenElementId)?.textContent;
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.snapshots) || !isRecord(parsed.storage) || !isRecord(parsed.loaderData)) return null;
  const { app } = parsed.snapshots;
  const { local, session: sessionWrites } = parsed.storage;
  if (!isSnapshot(app)) return null;
  if (!isStorageWrites(local) || !isStorageWrites(sessionWrites)) return null;
  return { snapshots: { app }, storage: { local, session: sessionWrites }, loaderData: parsed.loaderData };
}
