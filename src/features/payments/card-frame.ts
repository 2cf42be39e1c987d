/**
 * The processor's card-fields frame, as the card step shows it: the view attaches the iframe, the
 * card-fields actor talks to its window. It remembers whether the current frame has said it is
 * ready (so a card step entered again, after a decline, need not wait for a page that already
 * loaded), tells when a new frame replaces it (another language loads another page), and sizes
 * the frame to the height its page reports.
 */
export interface CardFrame {
  /** The current frame's window, or null while none is shown. */
  window(): Window | null;
  attach(element: HTMLIFrameElement | null): void;
  markReady(): void;
  isReady(): boolean;
  /** Makes the current frame show `contentHeight` CSS pixels of its page, with no scrolling. */
  resize(contentHeight: number): void;
  /** Calls `listener` whenever a different frame is attached; returns the unsubscribe function. */
  onReplaced(listener: () => void): () => void;
}

/** A holder with no frame yet. */
export function createCardFrame(): CardFrame {
  let element: HTMLIFrameElement | null = null;
  let lastShown: HTMLIFrameElement | null = null;
  let readyWindow: Window | null = null;
  const listeners = new Set<() => void>();
  return {
    window: () => element?.contentWindow ?? null,
    attach(next) {
      element = next;
      if (next === null || next === lastShown) return;
      const replaced = lastShown !== null;
      lastShown = next;
      readyWindow = null;
      if (replaced) for (const listener of listeners) listener();
    },
    markReady() {
      readyWindow = element?.contentWindow ?? null;
    },
    isReady: () => readyWindow !== null && readyWindow === (element?.contentWindow ?? null),
    resize(contentHeight) {
      if (element === null) return;
      // The stylesheet's height is only the guess before the first report; the frame's own
      // borders come on top of its page's height.
      const borders = element.offsetHeight - element.clientHeight;
      element.style.height = `${String(contentHeight + borders)}px`;
    },
    onReplaced(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
