/**
 * The processor's card-fields frame, as the card step shows it: the view attaches the iframe, the
 * card-fields actor talks to its window. It remembers whether the current frame has said it is
 * ready (so a card step entered again, after a decline, need not wait for a page that already
 * loaded), and tells when a new frame replaces it (another language loads another page).
 */
export interface CardFrame {
  /** The current frame's window, or null while none is shown. */
  window(): Window | null;
  attach(element: HTMLIFrameElement | null): void;
  markReady(): void;
  isReady(): boolean;
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
    onReplaced(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
