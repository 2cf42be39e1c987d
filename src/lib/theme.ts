/** What the theme needs of an element: its class list. */
export interface ThemedElement {
  classList: Pick<DOMTokenList, 'add' | 'remove'> & Iterable<string>;
}

/** A theme's name is a class name's end (`theme-sunrise`); anything else falls back to the default. */
const themeName = /^[a-z][a-z0-9-]*$/;

/** Puts exactly one `theme-<name>` class on the element, removing any other. */
export function applyThemeClass(element: ThemedElement, theme: string): void {
  const name = themeName.test(theme) ? theme : 'default';
  for (const cls of [...element.classList]) {
    if (cls.startsWith('theme-')) element.classList.remove(cls);
  }
  element.classList.add(`theme-${name}`);
}

/** Marks the element in the page's head that carries a client's theme: inline in a server-rendered page, else a link. */
export const clientThemeAttribute = 'data-client-theme';

/** A client's theme stylesheet, loaded and not applied yet. */
export type ThemeSheet = HTMLLinkElement;

/** Loads clients' themes (their colours, /api/clients/{code}/theme.css) and swaps them in. */
export interface ThemeStylesheets {
  /** Loads a client's theme beside the one in use, without applying it; null when it did not load (or was abandoned). */
  load(lookup: { code: string; billingGroup: string | null }, signal: AbortSignal): Promise<ThemeSheet | null>;
  /** Applies `sheet` (null: none, the stylesheet's default look) and removes every other client's theme. */
  show(sheet: ThemeSheet | null): void;
}

/**
 * Swaps in a loaded theme (`theme-stylesheets.ts` loads it): applies `sheet` (null: none, the
 * stylesheet's default look) and removes every other client's theme, the server's inline one too.
 */
export function showTheme(document: Document, sheet: ThemeSheet | null): void {
  for (const element of document.querySelectorAll(`[${clientThemeAttribute}]`)) if (element !== sheet) element.remove();
  sheet?.removeAttribute('media');
}
