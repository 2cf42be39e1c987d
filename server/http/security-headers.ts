/**
 * The security headers of the portal's answers and of the card processor's page. Nothing may be
 * framed except the processor's card-fields page, and that only by the portal; the portal's pages
 * may frame that page, on the processor's own origin, and nothing else.
 */
import type { Context } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { isApiPath } from './xsrf';

/**
 * A page's styles: the portal's own, and one `<style>` with the answer's nonce (a server-rendered
 * page inlines its client's theme with it, `c.get('secureHeadersNonce')`). No other inline style
 * runs, and the API's answers allow none.
 */
const pageStyles = (c: Context, directive: string) => (isApiPath(c.req.path) ? "'self'" : `'self' ${NONCE(c, directive)}`);

function contentSecurityPolicy(frameAncestors: string, frameSrc?: string, styleNonce = false) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: styleNonce ? [pageStyles] : ["'self'"],
    imgSrc: ["'self'", 'data:'],
    frameAncestors: [frameAncestors],
    ...(frameSrc === undefined ? {} : { frameSrc: [frameSrc] }),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    // default-src does not cover where forms go: injected markup could post a password elsewhere.
    formAction: ["'self'"],
  };
}

// The portal uses no device or browser feature that a page could ask for (only features Chromium
// knows: an unknown one is logged as an error on every page).
const permissionsPolicy = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
  displayCapture: [],
  browsingTopics: [],
};

/**
 * The portal's headers: never framed; it frames only the processor's card-fields page, on
 * `cardFieldsOrigin` (unset: no frame at all). HSTS only means something over HTTPS, which is
 * when cookies are marked Secure. A page that sets a header of its own keeps it: only the
 * development API reference does (it runs Scalar's script).
 */
export function portalSecurityHeaders({ cookieSecure, cardFieldsOrigin }: { cookieSecure: boolean; cardFieldsOrigin?: string | undefined }) {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy("'none'", cardFieldsOrigin ?? "'none'", true),
    strictTransportSecurity: cookieSecure,
    xFrameOptions: 'DENY',
    permissionsPolicy,
    overwrite: false,
  });
}

/** The card processor's headers: framed by the portal's origin only. */
export function cardFieldsSecurityHeaders({ cookieSecure, portalOrigin }: { cookieSecure: boolean; portalOrigin: string }) {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(portalOrigin),
    strictTransportSecurity: cookieSecure,
    permissionsPolicy,
    // X-Frame-Options cannot name another origin: the CSP's frame-ancestors alone says who may frame.
    xFrameOptions: false,
  });
}
