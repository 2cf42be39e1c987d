import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig, makeConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { build, createServer, type Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogAt, catalogFileName, compileCatalogFile, linguiJsonCatalogs, separateParts } from './lingui-json-catalogs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function po(language: string, entries: Record<string, string>): string {
  const header = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Language: ${language}\\n"\n`;
  return [header, ...Object.entries(entries).map(([source, translation]) => `msgid "${source}"\nmsgstr "${translation}"\n`)].join('\n');
}

/** A project of its own with three translator files per language, like the portal's shell.po, screens.po and office.po. */
function fixture(
  spanishScreens: Record<string, string>,
  spanishOffice: Record<string, string> = { 'Payments today': 'Pagos de hoy' },
): LinguiConfigNormalized & { rootDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'pbp-catalogs-'));
  roots.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>fixture</title>');
  const files: Record<string, Record<string, Record<string, string>>> = {
    'en-US': { shell: { Home: '' }, screens: { 'About this portal': '' }, office: { 'Payments today': '', Home: '' } },
    'es-ES': { shell: { Home: 'Inicio' }, screens: spanishScreens, office: { Home: 'Inicio', ...spanishOffice } },
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
      catalogs: ['shell', 'screens', 'office'].map((part) => ({ path: `<rootDir>/locales/{locale}/${part}`, include: ['<rootDir>/src'] })),
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

const main = (locale: string) => ({ locale, part: null });
const office = (locale: string) => ({ locale, part: 'office' as const });

describe("compiling a language's translator files into its JSON catalogs", () => {
  it("merges the patients' translator files into compiled messages that i18n.load takes, without the console's", async () => {
    const messages = parse(await compileCatalogFile(fixture(complete), main('es-ES')));
    expect(messages).toEqual({
      [generateMessageId('Home')]: ['Inicio'],
      [generateMessageId('About this portal')]: ['Acerca de este portal'],
    });
  });

  it("compiles the console's translator file on its own, a message it shares with the patients' screens included", async () => {
    const messages = parse(await compileCatalogFile(fixture(complete), office('es-ES')));
    expect(messages).toEqual({
      [generateMessageId('Home')]: ['Inicio'],
      [generateMessageId('Payments today')]: ['Pagos de hoy'],
    });
  });

  it('gives the source language its own text without translations', async () => {
    const messages = parse(await compileCatalogFile(fixture(complete), main('en-US')));
    expect(messages[generateMessageId('About this portal')]).toEqual(['About this portal']);
    expect(parse(await compileCatalogFile(fixture(complete), office('en-US')))[generateMessageId('Payments today')]).toEqual(['Payments today']);
  });

  it('fails on a missing translation, naming it', async () => {
    await expect(compileCatalogFile(fixture({ 'About this portal': '' }), main('es-ES'))).rejects.toThrow(/Missing 1 translation.*\n.*About this portal/s);
    await expect(compileCatalogFile(fixture(complete, { 'Payments today': '' }), office('es-ES'))).rejects.toThrow(/Missing 1 translation.*\n.*Payments today/s);
  });

  it('fails on a translation that does not compile', async () => {
    await expect(compileCatalogFile(fixture({ 'About this portal': '{count, plural, one {uno}' }), main('es-ES'))).rejects.toThrow(/Compilation error/);
  });

  it('fails when the Lingui config has no translator file for a separate catalog', async () => {
    const config = fixture(complete);
    const withoutOffice = { ...config, catalogs: config.catalogs?.filter((catalog) => !catalog.path.endsWith('/office')) };
    await expect(compileCatalogFile(withoutOffice, office('es-ES'))).rejects.toThrow(/No translator file for office-es-ES\.json/);
  });

  it("holds every message of the portal's translator files in its language's catalog, the console's apart", async () => {
    const config = getConfig();
    expect(separateParts).toEqual(['office']);
    for (const locale of config.locales) {
      const patients = parse(await compileCatalogFile(config, main(locale)));
      const officeMessages = parse(await compileCatalogFile(config, office(locale)));
      for (const catalog of await getCatalogs(config)) {
        const ids = Object.keys(await catalog.read(locale));
        expect(ids.length, `${catalog.path} in ${locale}`).toBeGreaterThan(0);
        const compiled = catalog.name === 'office' ? officeMessages : patients;
        for (const id of ids) expect(compiled, `${id} of ${catalog.path} in ${locale}`).toHaveProperty([id]);
      }
      // The console's own messages are not in the patients' catalog (an account page's way back, say).
      expect(officeMessages).toHaveProperty([generateMessageId('Back to Patients')]);
      expect(patients).not.toHaveProperty([generateMessageId('Back to Patients')]);
    }
    expect(parse(await compileCatalogFile(config, main('es-ES')))[generateMessageId('About this portal')]).toEqual(['Acerca de este portal']);
  });
});

describe('the catalog paths', () => {
  it('names a configured language, or its console part, under the base, and nothing else', () => {
    const locales = ['en-US', 'es-ES'];
    expect(catalogAt('/assets/locale/es-ES.json', locales)).toEqual(main('es-ES'));
    expect(catalogAt('/assets/locale/office-es-ES.json', locales)).toEqual(office('es-ES'));
    expect(catalogAt('/portal/assets/locale/en-US.json', locales, '/portal/')).toEqual(main('en-US'));
    expect(catalogFileName(office('en-US'))).toBe('office-en-US.json');
    for (const path of [
      '/assets/locale/xx-XX.json',
      '/assets/locale/office-xx-XX.json',
      '/assets/locale/archive-es-ES.json',
      '/assets/locale/es-ES-office.json',
      '/assets/locale/es-ES.js',
      '/assets/locale/../es-ES.json',
      '/es-ES.json',
      '/x/assets/locale/es-ES.json',
    ])
      expect(catalogAt(path, locales), path).toBeNull();
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

  it("emits /assets/locale/{lang}.json and the console's office-{lang}.json for each language with the build", async () => {
    const { output } = await buildFixture(fixture(complete));
    const catalogs = new Map(output.flatMap((file) => (file.type === 'asset' ? [[file.fileName, String(file.source)]] : [])));
    expect([...catalogs.keys()].filter((name) => name.startsWith('assets/locale/')).sort()).toEqual([
      'assets/locale/en-US.json',
      'assets/locale/es-ES.json',
      'assets/locale/office-en-US.json',
      'assets/locale/office-es-ES.json',
    ]);
    expect(parse(catalogs.get('assets/locale/es-ES.json') ?? '')[generateMessageId('Home')]).toEqual(['Inicio']);
    expect(parse(catalogs.get('assets/locale/es-ES.json') ?? '')).not.toHaveProperty([generateMessageId('Payments today')]);
    expect(parse(catalogs.get('assets/locale/office-es-ES.json') ?? '')[generateMessageId('Payments today')]).toEqual(['Pagos de hoy']);
  });

  it('fails the build on a missing translation, in either catalog', async () => {
    await expect(buildFixture(fixture({ 'About this portal': '' }))).rejects.toThrow(/Missing 1 translation/);
    await expect(buildFixture(fixture(complete, { 'Payments today': '' }))).rejects.toThrow(/Missing 1 translation.*\n.*Payments today/s);
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

      const officeServed = await fetch(url.replace('es-ES', 'office-es-ES'));
      expect(officeServed.status).toBe(200);
      expect(officeServed.headers.get('content-type')).toContain('application/json');
      expect(parse(await officeServed.text())[generateMessageId('Payments today')]).toEqual(['Pagos de hoy']);

      expect((await fetch(url.replace('es-ES', 'xx-XX'))).status).toBe(404);
      expect((await fetch(url.replace('es-ES', 'office-xx-XX'))).status).toBe(404);

      writeFileSync(join(config.rootDir, 'locales', 'es-ES', 'screens.po'), po('es-ES', { 'About this portal': '' }));
      const broken = await fetch(url);
      expect(broken.status).toBe(500);
      expect(await broken.text()).toMatch(/Missing 1 translation/);

      writeFileSync(join(config.rootDir, 'locales', 'es-ES', 'office.po'), po('es-ES', { 'Payments today': 'Pagos de hoy', Home: 'Portada' }));
      const edited = await fetch(url.replace('es-ES', 'office-es-ES'));
      expect(parse(await edited.text())[generateMessageId('Home')]).toEqual(['Portada']);
    } finally {
      await server.close();
    }
  });
});
