import { describe, expect, it } from 'vitest';
import { parseClientSegment } from './client-segment';
import { applyThemeClass, type ThemedElement } from './theme';

/** Just enough of an element for the theme: a class list. */
function elementWithClasses(...classes: string[]) {
  const set = new Set(classes);
  const element: ThemedElement = {
    classList: {
      add: (...tokens: string[]) => tokens.forEach((c) => set.add(c)),
      remove: (...tokens: string[]) => tokens.forEach((c) => set.delete(c)),
      [Symbol.iterator]: () => set.values(),
    },
  };
  return { element, classes: () => [...set] };
}

describe('theme class on the body', () => {
  it('replaces any other theme class and keeps the rest', () => {
    const { element, classes } = elementWithClasses('theme-default', 'print', 'theme-delta');
    applyThemeClass(element, 'sunrise');
    expect(classes().sort()).toEqual(['print', 'theme-sunrise']);
  });

  it('takes any theme name that is a class name (the colours come from the client’s own stylesheet)', () => {
    const { element, classes } = elementWithClasses('theme-harbor');
    applyThemeClass(element, 'lakeside-2');
    expect(classes()).toEqual(['theme-lakeside-2']);
  });

  it('falls back to the default theme for a name that is no class name', () => {
    for (const name of ['x onclick=alert(1)', 'Sunrise', '', '2fast']) {
      const { element, classes } = elementWithClasses('theme-harbor');
      applyThemeClass(element, name);
      expect(classes()).toEqual(['theme-default']);
    }
  });
});

describe('client segment of the URL', () => {
  it('accepts 2 to 4 letters, and no segment at all', () => {
    expect(parseClientSegment({ client: 'SUN' })).toEqual({ client: 'SUN' });
    expect(parseClientSegment({ client: 'zz' })).toEqual({ client: 'zz' });
    expect(parseClientSegment({})).toEqual({ client: undefined });
  });

  it('does not match anything else, so the path reaches the not-found screen', () => {
    for (const client of ['S', 'SUNRI', 'S1N', 'nosuchpage']) expect(parseClientSegment({ client })).toBe(false);
  });
});
