/**
 * The sandbox processor's HTTP face, served on its own origin like a real processor's host (see
 * card-fields-app.ts): the card-fields page with its script and stylesheet, and the token endpoint. The token endpoint
 * needs no session or anti-forgery token: it only turns a card into a token, which is worth
 * nothing without a signed-in payment. Its body holds the card number and CVC, so it is read here
 * and nowhere else, and nothing that fails in it logs the body or echoes it.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../http/types';
import { cardFieldsLanguage, renderCardFieldsPage } from './card-fields-page';
import type { SandboxProcessor } from './sandbox-processor';
import { limitBodyTo } from '../../http/body';

/** The path of the card-fields page on the processor's origin: the one page the portal may frame. */
export const CARD_FIELDS_PATH = '/processor/card-fields';

const cardInputSchema = v.object({
  number: v.pipe(v.string(), v.maxLength(32)),
  expMonth: v.pipe(v.number(), v.integer()),
  expYear: v.pipe(v.number(), v.integer()),
  cvc: v.pipe(v.string(), v.maxLength(8)),
});

const staticFile = (name: string) => readFileSync(new URL(`./card-fields/${name}`, import.meta.url), 'utf8');

export interface ProcessorRoutesOptions {
  processor: SandboxProcessor;
  /** The portal's origin: the only one that may frame the page and that the page talks to. */
  portalOrigin: string;
}

/** Mounted at /processor. */
export function createProcessorRoutes({ processor, portalOrigin }: ProcessorRoutesOptions) {
  // The page's script is a module that imports the one Luhn check, which the processor's own checks import too.
  const scripts = { 'card-fields.js': staticFile('card-fields.js'), 'luhn.js': staticFile('luhn.js') };
  const stylesheet = staticFile('card-fields.css');
  const routes = new Hono<AppEnv>();

  routes.get('/card-fields', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(renderCardFieldsPage({ language: cardFieldsLanguage(c.req.query('lang')), portalOrigin }));
  });
  for (const [name, script] of Object.entries(scripts)) {
    routes.get(`/${name}`, (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    });
  }
  routes.get('/card-fields.css', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  routes.post(
    '/tokens',
    limitBodyTo(4 * 1024),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        // A JSON parser's message quotes the text it choked on: the card. Nothing of it goes on.
        return c.json({ error: 'invalidRequest' }, 422);
      }
      const parsed = v.safeParse(cardInputSchema, body);
      if (!parsed.success) return c.json({ error: 'invalidRequest' }, 422);
      const issued = await processor.tokenize(parsed.output);
      if (!issued) return c.json({ error: 'invalidRequest' }, 422);
      return c.json(issued);
    },
  );

  return routes;
}
