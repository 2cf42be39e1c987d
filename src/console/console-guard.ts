/**
 * The console's one guard (its layout route's `beforeLoad`, src/routes/{-$client}/office/route.tsx):
 * what the console's root machine says of the staff session, as the frame every screen's loader and
 * view reads. Loaded with the console's code, never with the patients' first page.
 */
import type { StaffSession } from '@machines/console/console.types';
import { selectFailure, selectSession, selectStage, type ConsoleStage } from '@machines/console/console.selectors';
import { redirect } from '@tanstack/react-router';
import { ApiError } from '@/lib/api/errors';
import { ensureOfficeMessages } from '@/lib/i18n';
import { loadOnce } from '@/lib/rendered-loader-data';
import { resumeConsole, withSettledConsole, type ConsoleRoot } from './console-root';
import { selectStaffAllowances, type StaffAllowances } from './staff-allowances';

/** Where the staff session stands, for the console's frame and screens. */
export interface ConsoleFrame {
  stage: ConsoleStage;
  session: StaffSession;
  /** What the signed-in staff member may do, computed once from their role (null until signed in). */
  may: StaffAllowances | null;
}

/** The console's layout route, whose loader hands the frame to a server-rendered page's browser. */
export const consoleLayoutId = '/{-$client}/office';

/** The frame of a settled root; a root that could not learn the session is the route's error (with Try again). */
function frameOf(root: ConsoleRoot): ConsoleFrame {
  const settled = root.getSnapshot();
  if (selectStage(settled) === 'unavailable') throw new ApiError(selectFailure(settled) ?? 'serverError', null);
  return { stage: selectStage(settled) ?? 'signedOut', session: selectSession(settled), may: selectStaffAllowances(settled) };
}

/**
 * Settles the console's root and says where the session stands: its messages are there first (the
 * console's catalog). A page the server rendered takes the frame it was rendered with (no call while
 * hydrating), and the browser's root resumes from its session.
 */
export async function settleConsole(routeId: string, signal: AbortSignal): Promise<ConsoleFrame> {
  await ensureOfficeMessages();
  const frame = await loadOnce(routeId, () => withSettledConsole(async (root) => Promise.resolve(frameOf(root)), signal));
  resumeConsole(frame.session);
  return frame;
}

/** The guard of every console screen: the frame, and staff who owe a second factor go to the set-up page first. */
export async function guardConsole({ client, signal }: { client: string | undefined; signal: AbortSignal }): Promise<ConsoleFrame> {
  const frame = await settleConsole(consoleLayoutId, signal);
  if (frame.stage === 'enrolling') throw redirect({ to: '/{-$client}/office/welcome', params: { client }, replace: true });
  return frame;
}
