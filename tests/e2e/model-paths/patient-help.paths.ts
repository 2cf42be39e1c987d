/**
 * The plan of helping an account's users in the browser: an account's page in the console as
 * billing staff, its users answered as the model's, each help held and answered as the path says.
 */
import type { AccountUser, AccountView } from "@contracts/console-work";
import type { patientHelpMachine } from "@machines/console/patient-help.machine";
import type {
  HelpKind,
  PatientHelpFailure,
} from "@machines/console/patient-help.types";
import type { Page } from "@playwright/test";
import type { SnapshotFrom } from "xstate";
import { expect } from "../fixtures";
import type { BrowserPaths, PathRun, StepAction } from "./browser-paths";
import { json } from "./call-gate";
import {
  consoleFailure,
  consoleFailureMessages,
  openConsoleScreen,
} from "./console-page";

type Snapshot = SnapshotFrom<typeof patientHelpMachine>;

const accountNumber = "A-778899";
const account = `console/accounts/${accountNumber}`;
const helpPaths: Record<HelpKind, string> = {
  resendActivation: "activation-link",
  endSessions: "end-sessions",
  clearLock: "clear-lock",
};
const helpCall = (kind: HelpKind, userId: number) =>
  `${account}/users/${String(userId)}/${helpPaths[kind]}`;
const snapshotOf = (run: PathRun) => run.after as Snapshot;
/** The help under way before the step. */
const pendingCall = (run: PathRun) => {
  const pending = (run.before as Snapshot).context.pending;
  if (!pending) throw new Error("No help is under way in the model");
  return helpCall(pending.kind, pending.userId);
};
const userOf = (run: PathRun, userId: number): AccountUser => {
  const user = (run.before as Snapshot).context.users.find(
    (each) => each.userId === userId,
  );
  if (!user) throw new Error(`No user ${String(userId)} in the model`);
  return user;
};

/** The account's page as the console reads it: a quiet account, with the model's users. */
const accountView = (users: AccountUser[]): AccountView => ({
  account: {
    accountNumber,
    holderName: "Jordan Guest",
    invoices: [],
    totalDueCents: 0,
  },
  contact: { email: null, phone: "", address: [] },
  paidInvoices: [],
  payments: [],
  documents: { statement: false, publicDocuments: [] },
  users,
});

const buttonNames: Record<HelpKind, (email: string) => string> = {
  resendActivation: (email) => `Send ${email} a new activation link`,
  endSessions: (email) => `Sign ${email} out everywhere`,
  clearLock: (email) => `Clear ${email}'s sign-in lock`,
};
const failureMessages: Record<PatientHelpFailure, string> = {
  alreadyActivated: "This user has activated already: no link was sent.",
  tooManyRequests:
    "This address had three emails from us in the last 15 minutes. Wait a few minutes, then try again.",
  ...consoleFailureMessages,
};
const helpStep =
  (kind: HelpKind): StepAction =>
  async (run, event) => {
    const userId = Number(event.userId);
    run.gate.hold(helpCall(kind, userId));
    await run.page
      .getByRole("button", {
        name: buttonNames[kind](userOf(run, userId).email),
      })
      .click();
    await run.gate.arrived(helpCall(kind, userId));
  };
const usersTable = (page: Page) =>
  page.getByRole("region", { name: "Registered users" });

export const patientHelpPaths: BrowserPaths = {
  machine: "patient-help",
  start: (run) =>
    openConsoleScreen(run, {
      screen: `patients/${accountNumber}`,
      role: "billingStaff",
      load: {
        endpoint: account,
        body: accountView(snapshotOf(run).context.users),
      },
      heading: `Account ${accountNumber}`,
    }),
  steps: {
    "help.resendActivation": helpStep("resendActivation"),
    "help.endSessions": helpStep("endSessions"),
    "help.clearLock": helpStep("clearLock"),
    "xstate.done.actor.help": (run, event) =>
      run.gate.answer(pendingCall(run), json(event.output)),
    "xstate.error.actor.help": (run, event) =>
      run.gate.answer(pendingCall(run), consoleFailure(event.error)),
  },
  screens: {
    // Each user's row (its state, its sessions, the help that fits), what was done or what failed above.
    "patientHelp.ready": async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      for (const user of context.users) {
        const row = usersTable(page)
          .getByRole("row")
          .filter({ hasText: user.email });
        await expect(row.getByRole("cell").nth(1)).toContainText(
          user.activated ? "Activated" : "Not activated yet",
        );
        if (user.lockedForSeconds > 0)
          await expect(row.getByRole("cell").nth(1)).toContainText(
            `Sign-in locked for ${String(Math.ceil(user.lockedForSeconds / 60))} more minutes`,
          );
        else
          await expect(row.getByRole("cell").nth(1)).not.toContainText(
            "Sign-in locked",
          );
        await expect(row.getByRole("cell").nth(2)).toHaveText(
          String(user.sessions),
        );
        await expect(
          row.getByRole("button", {
            name: buttonNames.resendActivation(user.email),
          }),
        ).toHaveCount(user.activated ? 0 : 1);
        await expect(
          row.getByRole("button", {
            name: buttonNames.endSessions(user.email),
          }),
        ).toHaveCount(user.sessions > 0 ? 1 : 0);
        await expect(
          row.getByRole("button", { name: buttonNames.clearLock(user.email) }),
        ).toHaveCount(user.lockedForSeconds > 0 ? 1 : 0);
      }
      const notice = context.notice;
      const said = page.locator(".notice-success");
      if (notice === null) await expect(said).toHaveCount(0);
      else {
        const texts: Record<HelpKind, string> = {
          resendActivation: `A new activation link went to ${notice.email}.`,
          endSessions: `${notice.email} is signed out everywhere: sessions ended: ${String(notice.count)}.`,
          clearLock: `${notice.email} may sign in again now: failed sign-ins forgotten: ${String(notice.count)}.`,
        };
        await expect(page.getByRole("status").filter({ has: said })).toHaveText(
          texts[notice.kind],
        );
      }
      if (context.failure === null)
        await expect(page.getByRole("alert")).toHaveCount(0);
      else
        await expect(page.getByRole("alert")).toHaveText(
          failureMessages[context.failure],
        );
    },
    // The help on its way: the other actions wait.
    "patientHelp.helping": async ({ page }) => {
      const buttons = usersTable(page).getByRole("button");
      const count = await buttons.count();
      for (let index = 0; index < count; index++)
        await expect(buttons.nth(index)).toHaveAttribute(
          "aria-disabled",
          "true",
        );
    },
  },
};
