import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The shell, the landing and not-found screens: the messages translators find in shell.po. */
const shell = [
  '<rootDir>/src/app',
  '<rootDir>/src/components',
  '<rootDir>/src/lib',
  '<rootDir>/src/features/shell',
  '<rootDir>/src/features/landing',
  '<rootDir>/src/features/not-found',
];

/** Shown only to a signed-in user whose session is ending: its messages are kept in screens.po. */
const sessionDialogs = '<rootDir>/src/features/shell/session-dialogs.tsx';

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'es-ES'],
  // Two files per language for the translators; the build merges them into one JSON catalog per
  // language, /assets/locale/{locale}.json (scripts/lingui-json-catalogs.ts), loaded before the first screen.
  catalogs: [
    { path: '<rootDir>/locales/{locale}/shell', include: shell, exclude: [sessionDialogs] },
    {
      path: '<rootDir>/locales/{locale}/screens',
      include: ['<rootDir>/src/features', '<rootDir>/src/routes', sessionDialogs],
      exclude: shell.filter((folder) => folder.includes('/features/') && !sessionDialogs.startsWith(folder)),
    },
  ],
  format: formatter({ lineNumbers: false }),
});
