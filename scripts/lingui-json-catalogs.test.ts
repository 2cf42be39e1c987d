import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig, makeConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { build, createServer, type Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogLanguage, compileLanguageCatalog, linguiJsonCatalogs } from './lingui-json-catalogs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function po(language: string, entries: Record<string, string>): string {
  const header = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Language: ${language}\\n"\n`;
  return [header, ...Object.entries(entries).map(([source, translation]) => `msgid "${source}"\nmsgstr "${translation}"\n`)].join('\n');
}

/** A project of its own with two translator files per language, like the portal's shell.po and screens.po. */
function fixture(spanishScreens: Record<string, string>): LinguiConfigNormalized & { rootDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'pbp-catalogs-'));
  roots.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>fixture</title>');
  const files: Record<string, Record<string, Record<string, string>>> = {
    'en-US': { shell: { Home: '' }, screens: { 'About this portal': '' } },
    'es-ES': { shell: { Home: 'Inicio' }, screens: spanishScreens },
  };
  for (const [language, parts] of Object.entries(files)) {
    mkdirSync(join(root, 'locales', language), { recursive: true });
    for (const [part, entries] of Object.entries(parts)) writeFileSync(join(root, 'locales', language, `${part}.po`), po(language, entries));
  }
  const config = makeConfig(
    {
      rootDir: root,
      sourceLocale: 'en-US',
      locales: ['en-US', 'es-ES'],
      catalogs: ['shell', 'screens'].map((part) => ({ path: `<rootDir>/locales/{locale}/${part}`, include: ['<rootDir>/src'] })),
      format: formatter({ lineNumbers: false }),
    },
    { skipValidation: true },
  );
  return { ...config, rootDir: root };
}

const complete = { 'About this portal': 'Acerca de este portal' };

function parse(source: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(source);
  if (typeof parsed !== 'object' || parsed === null || !('messages' in parsed)) throw new Error('no messages');
  const { messages } = parsed;
  if (typeof messages !== 'object' || messages === null) throw new Error('messages is not an object');
  return { ...messages };
}

describe("compiling a language's catalogs into one JSON catalog", () => {
  it('merges both translator files into compiled messages that i18n.load takes', async () => {
    const messages = parse(await compileLanguageCatalog(fixture(complete), 'es-ES'));
    expect(messages).toEqual({
      [generateMessageId('Home')]: ['Inicio'],
      [generateMessageId('About this portal')]: ['Acerca de este portal'],
    });
  });

  it('gives the source language its own text without translations', async () => {
    const messages = parse(await compileLanguageCatalog(fixture(complete), 'en-US'));
    expect(messages[generateMessageId('About this portal')]).toEqual(['About this portal']);
  });

  it('fails on a missing translation, naming it', async () => {
    await expect(compileLanguageCatalog(fixture({ 'About this portal': '' }), 'es-ES')).rejects.toThrow(/Missing 1 translation.*\n.*About this portal/s);
  });

  it('fails on a translation that does not compile', async () => {
    await expect(compileLanguageCatalog(fixture({ 'About this portal': '{count, plural, one {uno}' }), 'es-ES')).rejects.toThrow(
      /Compilation error/,
    );
  });

  it("holds every message of the portal's translator files, in each language", async () => {
    const config = getConfig();
    for (const locale of config.locales) {
      const messages = parse(await compileLanguageCatalog(config, locale));
      for (const catalog of await getCatalogs(config)) {
        const ids = Object.keys(await catalog.read(locale));
        expect(ids.length, `${catalog.path} in ${locale}`).toBeGreaterThan(0);
        for (const id of ids) expect(messages, `${id} of ${catalog.path} in ${locale}`).toHaveProperty([id]);
      }
    }
    expect(parse(await compileLanguageCatalog(config, 'es-ES'))[generateMessageId('About this portal')]).toEqual(['Acerca de este portal']);
  });
});

describe('the catalog paths', () => {
  it('names a configured language under the base, and nothing else', () => {
    const locales = ['en-US', 'es-ES'];
    expect(catalogLanguage('/assets/locale/es-ES.json', locales)).toBe('es-ES');
    expect(catalogLanguage('/portal/assets/locale/en-US.json', locales, '/portal/')).toBe('en-US');
    for (const path of ['/assets/locale/xx-XX.json', '/assets/locale/es-ES.js', '/assets/locale/../es-ES.json', '/es-ES.json', '/x/assets/locale/es-ES.json'])
      expect(catalogLanguage(path, locales), path).toBeNull();
  });
});

describe('the Vite plugin', () => {
  async function buildFixture(config: LinguiConfigNormalized & { rootDir: string }): Promise<Rolldown.RolldownOutput> {
    const output = await build({
      configFile: false,
      root: config.rootDir,
      logLevel: 'silent',
      plugins: [linguiJsonCatalogs(config)],
      build: { write: false },
    });
    if (Array.isArray(output) || !('output' in output)) throw new Error('expected one build output');
    return output;
  }

  it('emits /assets/locale/{lang}.json for each language with the build', async () => {
    const { output } = await buildFixture(fixture(complete));
    const catalogs = new Map(output.flatMap((file) => (file.type === 'asset' ? [[file.fileName, String(file.source)]] : [])));
    expect([...catalogs.keys()].filter((name) => name.startsWith('assets/locale/')).sort()).toEqual(['assets/locale/en-US.json', 'assets/locale/es-ES.json']);
    expect(parse(catalogs.get('assets/locale/es-ES.json') ?? '')[generateMessageId('Home')]).toEqual(['Inicio']);
  });

  it('fails the build on a missing translation', async () => {
    await expect(buildFixture(fixture({ 'About this portal': '' }))).rejects.toThrow(/Missing 1 translation/);
  });

  it('serves the catalogs from the dev server, compiled afresh, and says what is missing', async () => {
    const config = fixture(complete);
    const server = await createServer({
      configFile: false,
      root: config.rootDir,
      logLevel: 'silent',
      plugins: [linguiJsonCatalogs(config)],
      server: { port: 0, hmr: false, watch: null },
    });
    try {
      await server.listen();
      const address = server.httpServer?.address();
      if (!address || typeof address === 'string') throw new Error('the dev server has no port');
      const url = `http://localhost:${String(address.port)}/assets/locale/es-ES.json`;

      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('application/json');
      expect(parse(await served.text())[generateMessageId('About this portal')]).toEqual(['Acerca de este portal']);

      expect((await fetch(url.replace('es-ES', 'xx-XX'))).status).toBe(404);

      writeFileSync(join(config.rootDir, 'locales', 'es-ES', 'screens.po'), po('es-ES', { 'About this portal': '' }));
      const broken = await fetch(url);
      expect(broken.status).toBe(500);
      expect(await broken.text()).toMatch(/Missing 1 translation/);
    } finally {
      await server.close();
    }
  });
});
