// A Vite plugin: each language's Lingui catalogs (shell.po and screens.po, kept apart for the
// translators) become ONE compiled JSON catalog at /assets/locale/{lang}.json, where the
// specification puts the translation files. The build emits them; the dev server compiles them on
// each request, so an edited .po shows on the next reload. Strict like `lingui compile --strict`:
// a missing translation, or a message that does not compile, fails the build.
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  createMissingErrorMessage,
  getCatalogs,
} from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import type { Plugin } from 'vite';

/** Where the catalogs are served and emitted, below the site's base. */
export const catalogFolder = 'assets/locale';

/** The language of a catalog path (`/assets/locale/es-ES.json` → `es-ES`), or null. */
export function catalogLanguage(path: string, locales: readonly string[], base = '/'): string | null {
  const prefix = `${base}${catalogFolder}/`;
  if (!path.startsWith(prefix) || !path.endsWith('.json')) return null;
  const language = path.slice(prefix.length, -'.json'.length);
  return locales.includes(language) ? language : null;
}

/**
 * Compiles one language's catalogs, merged, into Lingui's JSON form (`{"messages": {...}}`, what
 * `i18n.load` takes); throws with Lingui's own report on a missing translation or a compile error.
 */
export async function compileLanguageCatalog(config: LinguiConfigNormalized, locale: string): Promise<string> {
  const merged: Record<string, string> = {};
  for (const catalog of await getCatalogs(config)) {
    const { messages, missing } = await catalog.getTranslations(locale, {
      sourceLocale: config.sourceLocale ?? '',
      fallbackLocales: config.fallbackLocales || {},
    });
    if (missing.length > 0 && locale !== config.pseudoLocale) {
      const hint = `Translate them in locales/${locale}/*.po (npm run i18n:check lists them).`;
      throw new Error(`${createMissingErrorMessage(locale, missing, 'build')}${hint}`);
    }
    Object.assign(merged, messages);
  }
  const { source, errors } = createCompiledCatalog(locale, merged, {
    namespace: 'json',
    strict: true,
    pseudoLocale: config.pseudoLocale,
  });
  if (errors.length > 0) throw new Error(createCompilationErrorMessage(locale, errors));
  return source;
}

/** The plugin; `config` defaults to the project's lingui.config.ts. */
export function linguiJsonCatalogs(config: LinguiConfigNormalized = getConfig()): Plugin {
  let base = '/';
  return {
    name: 'lingui-json-catalogs',
    configResolved(resolved) {
      base = resolved.base;
    },
    async generateBundle() {
      for (const locale of config.locales) {
        let source: string;
        try {
          source = await compileLanguageCatalog(config, locale);
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
        this.emitFile({ type: 'asset', fileName: `${catalogFolder}/${locale}.json`, source });
      }
    },
    configureServer(server) {
      // The .po files are not modules of the app any more, so Vite would not reload on their change.
      server.watcher.on('change', (file) => {
        if (file.endsWith('.po')) server.ws.send({ type: 'full-reload' });
      });
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://localhost').pathname;
        if (!path.startsWith(`${base}${catalogFolder}/`)) {
          next();
          return;
        }
        const locale = catalogLanguage(path, config.locales, base);
        if (!locale) {
          // As the server does: a missing catalog is a 404, never the page.
          response.statusCode = 404;
          response.end('Not Found');
          return;
        }
        compileLanguageCatalog(config, locale).then(
          (source) => {
            response.setHeader('Content-Type', 'application/json; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(source);
          },
          (error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            server.config.logger.error(message);
            response.statusCode = 500;
            response.setHeader('Content-Type', 'text/plain; charset=utf-8');
            response.end(message);
          },
        );
      });
    },
  };
}
