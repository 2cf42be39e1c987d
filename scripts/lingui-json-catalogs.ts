// A Vite plugin: each language's Lingui catalogs (shell.po, screens.po and office.po, kept apart for
// the translators) become compiled JSON catalogs under /assets/locale/, where the specification puts
// the translation files: the patients' messages (shell and screens) in {lang}.json, and the billing
// office console's (office.po) in office-{lang}.json, loaded only with the console. The build emits
// them; the dev server compiles them on each request, so an edited .po shows on the next reload.
// Strict like `lingui compile --strict`: a missing translation, or a message that does not compile,
// fails the build.
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  createMissingErrorMessage,
  getCatalogs,
} from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import type { Plugin } from 'vite';
import { catalogFileName as fileNameOf, catalogParts, type CatalogPart } from '../contracts/catalog-files';

/** Where the catalogs are served and emitted, below the site's base. */
export const catalogFolder = 'assets/locale';

/**
 * The translator files (by name, lingui.config.ts) whose messages make a JSON catalog of their own,
 * `{name}-{lang}.json`; every other file's messages go into the language's `{lang}.json`.
 */
export const separateParts = catalogParts.filter((part): part is SeparatePart => part !== 'patients');
type SeparatePart = Exclude<CatalogPart, 'patients'>;

/** One compiled JSON catalog: a language's messages, all but the separate parts' (`part` null), or one separate part's. */
export interface CatalogFile {
  locale: string;
  part: SeparatePart | null;
}

/** The file name of a compiled catalog: `es-ES.json`, `office-es-ES.json`. */
export function catalogFileName({ locale, part }: CatalogFile): string {
  return fileNameOf(locale, part ?? 'patients');
}

/** Every compiled catalog of the languages: the main one and each separate part, per language. */
export function catalogFiles(locales: readonly string[]): CatalogFile[] {
  return locales.flatMap((locale) => [null, ...separateParts].map((part) => ({ locale, part })));
}

/** The catalog a path names (`/assets/locale/office-es-ES.json` → es-ES's office part), or null. */
export function catalogAt(path: string, locales: readonly string[], base = '/'): CatalogFile | null {
  const prefix = `${base}${catalogFolder}/`;
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length);
  return catalogFiles(locales).find((file) => catalogFileName(file) === name) ?? null;
}

/**
 * Compiles one JSON catalog, its translator files merged, into Lingui's JSON form (`{"messages":
 * {...}}`, what `i18n.load` takes); throws with Lingui's own report on a missing translation or a
 * compile error. A message used both in the console and elsewhere is in both catalogs of its language.
 */
export async function compileCatalogFile(config: LinguiConfigNormalized, { locale, part }: CatalogFile): Promise<string> {
  const catalogs = (await getCatalogs(config)).filter((catalog) =>
    part === null ? !separateParts.some((separate) => separate === catalog.name) : catalog.name === part,
  );
  if (catalogs.length === 0) throw new Error(`No translator file for ${catalogFileName({ locale, part })} in the Lingui config`);
  const merged: Record<string, string> = {};
  for (const catalog of catalogs) {
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
      for (const file of catalogFiles(config.locales)) {
        let source: string;
        try {
          source = await compileCatalogFile(config, file);
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
        this.emitFile({ type: 'asset', fileName: `${catalogFolder}/${catalogFileName(file)}`, source });
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
        const file = catalogAt(path, config.locales, base);
        if (!file) {
          // As the server does: a missing catalog is a 404, never the page.
          response.statusCode = 404;
          response.end('Not Found');
          return;
        }
        compileCatalogFile(config, file).then(
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
