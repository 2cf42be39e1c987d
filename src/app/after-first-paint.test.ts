import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaintElementId, startAfterFirstPaint, type AfterFirstPaintFetches } from './after-first-paint';

interface FakeLink {
  crossOrigin: string | null;
  href: string;
  rel: string;
  as: string;
}

/** Modules the test can import: each records, as it runs, that it ran (a module runs once, so each test has its own). */
const ran: string[] = [];
const moduleUrl = (name: string, test: string) => `data:text/javascript,globalThis.__afterFirstPaintRan.push(${JSON.stringify(name)})//${test}`;

function pageWith(listed: AfterFirstPaintFetches | null, visibilityState: DocumentVisibilityState) {
  const head: FakeLink[] = [];
  const page = {
    visibilityState,
    getElementById: (id: string) => (id === afterFirstPaintElementId && listed ? { textContent: JSON.stringify(listed) } : null),
    createElement: (): FakeLink => ({ crossOrigin: null, href: '', rel: '', as: '' }),
    head: { append: (link: FakeLink) => head.push(link) },
  };
  return { page, head };
}

const listedFor = (test: string): AfterFirstPaintFetches => ({
  entry: moduleUrl('entry', test),
  libraries: [moduleUrl('vendor', test), moduleUrl('runtime', test)],
  modules: [moduleUrl('login', test)],
  catalog: '/assets/locale/en-US.json',
});

/** A stand-in for the browser's observer: the test reports the paints. */
class FakePaintObserver {
  static instances: FakePaintObserver[] = [];
  observed: unknown = null;
  disconnected = false;
  constructor(readonly callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakePaintObserver) => void) {
    FakePaintObserver.instances.push(this);
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, this);
  }
}

describe('what a server-rendered page does after its first paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakePaintObserver.instances = [];
    ran.length = 0;
  });

  it('fetches nothing before the first contentful paint, then preloads all at once and runs the libraries before the entry', async () => {
    vi.stubGlobal('__afterFirstPaintRan', ran);
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const listed = listedFor('painted');
    const { page, head } = pageWith(listed, 'visible');
    startAfterFirstPaint(page);
    const [observer] = FakePaintObserver.instances;
    expect(observer?.observed).toEqual({ type: 'paint', buffered: true });

    // A first paint of the background alone is not the screen yet.
    observer?.paint('first-paint');
    expect(head).toEqual([]);
    observer?.paint('first-contentful-paint');
    expect(observer?.disconnected).toBe(true);
    expect(head).toEqual([
      { crossOrigin: '', href: listed.catalog, rel: 'preload', as: 'fetch' },
      ...[listed.entry, ...listed.libraries, ...listed.modules].map((href) => ({ crossOrigin: '', href, rel: 'modulepreload', as: '' })),
    ]);
    await vi.waitFor(() => expect(ran).toEqual(['vendor', 'runtime', 'entry']));
  });

  it('starts at once in a background tab, which does not paint until it is shown', async () => {
    vi.stubGlobal('__afterFirstPaintRan', ran);
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const { page, head } = pageWith(listedFor('hidden'), 'hidden');
    startAfterFirstPaint(page);
    expect(FakePaintObserver.instances).toEqual([]);
    expect(head).toHaveLength(5);
    await vi.waitFor(() => expect(ran).toEqual(['vendor', 'runtime', 'entry']));
  });

  it('leaves a page that lists nothing as it is', () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const { page, head } = pageWith(null, 'visible');
    startAfterFirstPaint(page);
    expect(FakePaintObserver.instances).toEqual([]);
    expect(head).toEqual([]);
  });
});
