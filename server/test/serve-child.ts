/**
 * The server in a process of its own, for tests that kill it (`process.kill(pid, 'SIGKILL')`, as
 * a crash would): started over the PGlite data directory in PBP_DATA_DIR, it prints one line
 * `{"url": …}` once it listens. With PBP_HOLD_JOBS=1 it sends jobs but works none, so they wait in
 * the database for the next process.
 */
import './password-cost';
import { startServer } from '../start';

const dataDir = process.env.PBP_DATA_DIR;
if (!dataDir) throw new Error('PBP_DATA_DIR is not set');
const server = await startServer({ port: 0, hostname: '127.0.0.1', dataDir, workJobs: process.env.PBP_HOLD_JOBS !== '1' });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
