/**
 * A server-rendered page's entry module, in place of the app's: it lets the screen paint before
 * anything of the app is fetched or run, then fetches it all at once and starts it (the app then
 * takes the page over). The plain SPA page loads the app's entry directly.
 */
import { startAfterFirstPaint } from '@/app/after-first-paint';

startAfterFirstPaint<HTMLLinkElement>(document);
