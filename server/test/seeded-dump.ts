/** Where the test run's seeded database dump is found: the global set-up writes it once, each test file opens a copy. */
export const SEEDED_DUMP_ENV = 'PBP_SEEDED_DATABASE_DUMP';
