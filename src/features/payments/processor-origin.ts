/** Where the card processor's fields live; it loads with the payment pages, not the first one. */
import { cardFieldsOriginMetaName } from '@contracts/processor';

/**
 * The card processor's origin: its card-fields page is framed by the card step, and only its
 * messages are believed. It is another origin than the portal's, named by the page the server
 * sent (a `<meta>`), so that no script of the portal can read the card typed into the frame. A
 * page the portal's server did not send (Vite's dev server's) names none: its own origin stands in.
 */
export function processorOrigin(): string {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${cardFieldsOriginMetaName}"]`)?.content;
  try {
    const origin = named ? new URL(named).origin : null;
    if (origin && origin === named && /^https?:$/.test(new URL(origin).protocol)) return origin;
  } catch {
    // Not a URL: as if none were named.
  }
  return window.location.origin;
}

/** The processor's card-fields page, in the reader's language. */
export function processorCardFieldsUrl(language: string): string {
  return `${processorOrigin()}/processor/card-fields?${new URLSearchParams({ lang: language }).toString()}`;
}
