import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** What the first page needs: the shell, the landing and not-found screens. */
const shell = [
  '<rootDir>/src/app',
  '<rootDir>/src/components',
  '<rootDir>/src/lib',
  '<rootDir>/src/features/shell',
  '<rootDir>/src/features/landing',
  '<rootDir>/src/features/not-found',
];

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'es-ES'],
  catalogs: [
    // Loaded with the first page.
    { path: '<rootDir>/locales/{locale}/shell', include: shell },
    // Loaded before any other screen shows (see src/lib/i18n.ts), with the screens' titles.
    {
      path: '<rootDir>/locales/{locale}/screens',
      include: ['<rootDir>/src/features', '<rootDir>/src/routes'],
      exclude: shell.filter((folder) => folder.includes('/features/')),
    },
  ],
  format: formatter({ lineNumbers: false }),
});
