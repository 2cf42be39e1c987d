/**
 * Vitest's set-up of every test file, and of the seeded database the run starts from: new passwords
 * are hashed at scrypt N=2^10 instead of production's 2^15, some thirty times less work, which the
 * tests spent most of their time in. Sign-ins and the dummy check for unknown addresses still cost
 * alike (both follow the cost set here). The tests of the hashing itself and of the demo seed's
 * hashes set the production cost back (password.test.ts, seed.test.ts).
 */
import { setHashCostForTests, type HashCost } from '../security/password';

export const testHashCost: Readonly<HashCost> = { n: 2 ** 10, r: 8, p: 1 };

setHashCostForTests(testHashCost);
