/** The separate patient app the sidebar links to (spec section 1). */
export const patientAppUrl = 'https://patients.billing-portal.example/';

/**
 * The card processor's origin: its card-fields page is framed by the card step, and only its
 * messages are believed. The sandbox processor is served by the portal's own server.
 */
export function processorOrigin(): string {
  return window.location.origin;
}

/** The processor's card-fields page, in the reader's language. */
export function processorCardFieldsUrl(language: string): string {
  return `${processorOrigin()}/processor/card-fields?${new URLSearchParams({ lang: language }).toString()}`;
}
