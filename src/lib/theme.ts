/** The themes the stylesheet defines; anything else falls back to the default. */
export const knownThemes = ['default', 'sunrise', 'delta', 'northpoint', 'harbor'] as const;

/** What the theme needs of an element: its class list. */
export interface ThemedElement {
  classList: Pick<DOMTokenList, 'add' | 'remove'> & Iterable<string>;
}

/** Puts exactly one `theme-<name>` class on the element, removing any other. */
export function applyThemeClass(element: ThemedElement, theme: string): void {
  const name = (knownThemes as readonly string[]).includes(theme) ? theme : 'default';
  for (const cls of [...element.classList]) {
    if (cls.startsWith('theme-')) element.classList.remove(cls);
  }
  element.classList.add(`theme-${name}`);
}
