/** Where the test run's seeded database dump is found: the global set-up writes it once, each test file opens a copy. */
export const SEEDED_DUMP_ENV = 'PBP_SEEDED_DATABASE_DUMP';

/**
 * Where the tests have PostgreSQL (TEST_DATABASE_URL), the seeded database is a template there
 * instead, which each test file copies (`create database … template …`), named here in JSON.
 */
export const SEEDED_TEMPLATE_ENV = 'PBP_SEEDED_DATABASE_TEMPLATE';

/** The seeded template on PostgreSQL, as the global set-up names it. */
export interface SeededTemplate {
  /** The server's superuser (TEST_DATABASE_URL), who makes and drops the copies. */
  server: string;
  /** Signs in as the role that owns the template and every copy, on the server's own database. */
  url: string;
  template: string;
}

/** The same URL, for another database of its server. */
export function urlOfDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}
