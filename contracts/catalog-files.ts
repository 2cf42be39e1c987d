/**
 * The compiled translation catalogs each language has, served under /assets/locale/: the patients'
 * messages, which every page fetches, and the billing office console's, fetched only with the
 * console. The build writes them (scripts/lingui-json-catalogs.ts), the browser fetches them
 * (src/lib/i18n.ts) and the server's renderer reads them (server/http/static.ts) by these names.
 */
export const catalogParts = ['patients', 'office'] as const;
export type CatalogPart = (typeof catalogParts)[number];

/** A catalog's file name: `es-ES.json` for the patients', `office-es-ES.json` for the console's. */
export const catalogFileName = (language: string, part: CatalogPart): string => `${part === 'patients' ? '' : `${part}-`}${language}.json`;
