/**
 * A server-rendered page's entry module, in place of the app's: it lets the screen paint before
 * anything of the app is fetched or run, then fetches it all at once and starts it (the app then
 * takes the page over). The plain SPA page loads the app's entry directly.
 */
import { firstPaint, readAfterFirstPaintFetches, startApp, startFetches } from '@/app/after-first-paint';

const fetches = readAfterFirstPaintFetches(document);
if (fetches) {
  void firstPaint().then(() => {
    startFetches(document, fetches);
    return startApp(fetches);
  });
} else {
  console.error('The page lists nothing to load after its first paint; it stays as the server rendered it.');
}
