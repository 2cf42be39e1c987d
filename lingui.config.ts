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

/** Shown only to a signed-in user whose session is ending: not needed by the first page. */
const sessionDialogs = '<rootDir>/src/features/shell/session-dialogs.tsx';

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'es-ES'],
  catalogs: [
    // Loaded with the first page; the session dialogs load theirs with the screens' (see app-shell.tsx).
    { path: '<rootDir>/locales/{locale}/shell', include: shell, exclude: [sessionDialogs] },
    // Loaded before any other screen shows (see src/lib/i18n.ts), with the screens' titles.
    {
      path: '<rootDir>/locales/{locale}/screens',
      include: ['<rootDir>/src/features', '<rootDir>/src/routes', sessionDialogs],
      exclude: shell.filter((folder) => folder.includes('/features/') && !sessionDialogs.startsWith(folder)),
    },
  ],
  format: formatter({ lineNumbers: false }),
});
