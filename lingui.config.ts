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

/** Shared, but shown only in the console (a key or secret shown once): its messages are kept in office.po. */
const shownOnce = '<rootDir>/src/components/shown-once.tsx';
/** Shown only to a signed-in user whose session is ending: its messages are kept in screens.po. */
const sessionDialogs = '<rootDir>/src/features/shell/session-dialogs.tsx';
/** The time left such a warning counts down (the console's warning too): screens.po as well. */
const timeLeft = '<rootDir>/src/components/time-left.tsx';

/**
 * The billing office's console: its messages (office.po) travel in a catalog of their own, loaded when
 * the console opens, so the patients' first page does not fetch them. Its error screen stays in
 * screens.po: it must speak when the console's catalog is what failed to load. So do its routes'
 * titles (src/routes), which the shell's breadcrumbs and tab title show even then.
 */
const office = '<rootDir>/src/console';
const officeLoadFailed = `${office}/office-load-failed.tsx`;

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'es-ES'],
  // Three files per language for the translators; the build compiles them into two JSON catalogs per
  // language (scripts/lingui-json-catalogs.ts): /assets/locale/{locale}.json (shell and screens), loaded
  // before the first screen, and /assets/locale/office-{locale}.json (office), loaded with the console.
  catalogs: [
    { path: '<rootDir>/locales/{locale}/shell', include: shell, exclude: [sessionDialogs, timeLeft, shownOnce] },
    {
      path: '<rootDir>/locales/{locale}/screens',
      include: ['<rootDir>/src/features', '<rootDir>/src/routes', sessionDialogs, timeLeft, officeLoadFailed],
      exclude: shell.filter((folder) => folder.includes('/features/') && !sessionDialogs.startsWith(folder)),
    },
    { path: '<rootDir>/locales/{locale}/office', include: [office, shownOnce], exclude: [officeLoadFailed] },
  ],
  format: formatter({ lineNumbers: false }),
});
