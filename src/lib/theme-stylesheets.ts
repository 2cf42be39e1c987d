/**
 * Loads a client's theme (its colours, the stylesheet getClientTheme declares) beside the one in use,
 * without applying it: with `media="not all"`, the page keeps its colours until `showTheme` swaps
 * the new ones in, when the client machine puts the theme class on. No flash of the next client's
 * colours under the last one's logo, nor the reverse. Loaded lazily: a server-rendered page has
 * its client's theme inline, and needs this only when another client is chosen.
 */
import { clientThemeUrl } from '@contracts/branding-urls';
import { clientThemeAttribute, type ThemeSheet } from './theme';

/** Resolves with the loaded stylesheet; null when it did not load, or was abandoned (then it is gone). */
export function loadTheme(document: Document, { code, billingGroup }: { code: string; billingGroup: string | null }, signal: AbortSignal): Promise<ThemeSheet | null> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    const end = (loaded: boolean) => {
      signal.removeEventListener('abort', abandon);
      if (!loaded) link.remove();
      resolve(loaded ? link : null);
    };
    const abandon = () => end(false);
    link.rel = 'stylesheet';
    link.media = 'not all';
    link.setAttribute(clientThemeAttribute, '');
    link.onload = () => end(!signal.aborted);
    link.onerror = abandon;
    signal.addEventListener('abort', abandon);
    link.href = clientThemeUrl(code, billingGroup);
    document.head.append(link);
  });
}
