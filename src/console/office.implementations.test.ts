import { payment } from '@machines/console/payment-refund.fixtures';
import { paymentRefundMachine } from '@machines/console/payment-refund.machine';
import { selectFailure, selectRefundProblems } from '@machines/console/payment-refund.selectors';
import { staffAdminMachine } from '@machines/console/staff-admin.machine';
import * as staff from '@machines/console/staff-admin.selectors';
import { staffSignInMachine } from '@machines/console/staff-sign-in.machine';
import * as signIn from '@machines/console/staff-sign-in.selectors';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answerCallsWith } from '@/lib/api/http';
import { parseMoney } from '@/lib/format';
import { createPaymentRefundImplementations, createStaffAdminImplementations, createStaffSignInImplementations } from './office.implementations';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const read = (text: string) => parseMoney(text, 'en-US');

/** A refund of 10.00 with this reason sent over the real call, the server answering with `answer`; the form once the answer is read. */
async function refundAnswered(answer: Response, reason: string) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  const actor = createActor(paymentRefundMachine.provide(createPaymentRefundImplementations(() => read)), { input: { payments: [payment] } }).start();
  actor.send({ type: 'refund.open', confirmationNumber: payment.confirmationNumber });
  actor.send({ type: 'form.edit', field: 'amount', value: '10.00' });
  actor.send({ type: 'form.edit', field: 'reason', value: reason });
  actor.send({ type: 'form.submit' });
  actor.send({ type: 'refund.confirm' });
  const keyBefore = actor.getSnapshot().context.idempotencyKey;
  const snapshot = await waitFor(actor, (each) => !each.hasTag('busy'));
  return { snapshot, keyBefore };
}

describe('refunding a payment', () => {
  it("shows the server's refusal of the reason at the reason, not as a failure above the form, and the next try is a new refund", async () => {
    const { snapshot, keyBefore } = await refundAnswered(json({ error: 'invalidRequest', fields: { reason: 'invalidCharacters' } }, 400), 'Billed\ttwice');
    expect(snapshot.matches('editing')).toBe(true);
    expect(selectRefundProblems(read)(snapshot)).toEqual({ reason: 'invalidCharacters' });
    expect(selectFailure(snapshot)).toBeNull();
    expect(snapshot.context.idempotencyKey).not.toBe(keyBefore);
  });

  it("shows the server's refusal of the amount in cents at the amount", async () => {
    const { snapshot } = await refundAnswered(json({ error: 'invalidRequest', fields: { amountCents: 'invalid' } }, 400), 'Billed twice');
    expect(selectRefundProblems(read)(snapshot)).toEqual({ amount: 'invalid' });
    expect(selectFailure(snapshot)).toBeNull();
  });

  it('shows more than is left at the amount', async () => {
    const { snapshot } = await refundAnswered(json({ error: 'amountExceedsRefundable' }, 422), 'Billed twice');
    expect(selectRefundProblems(read)(snapshot)).toEqual({ amount: 'tooMuch' });
  });
});

/** An invitation of this address sent over the real call, the server answering with `answer`; the form once the answer is read. */
async function inviteAnswered(answer: Response, email: string) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  const actor = createActor(staffAdminMachine.provide(createStaffAdminImplementations()), { input: { staff: [] } }).start();
  actor.send({ type: 'form.edit', field: 'email', value: email });
  actor.send({ type: 'form.submit' });
  return waitFor(actor, (each) => !each.hasTag('busy'));
}

describe('inviting a staff member', () => {
  it('shows an address the server refuses at the address, not as a failure above the form', async () => {
    const snapshot = await inviteAnswered(json({ error: 'invalidRequest', fields: { email: 'invalid' } }, 400), 'sam@lab.example');
    expect(staff.selectInviteProblems(snapshot)).toEqual({ email: 'invalid' });
    expect(staff.selectFailure(snapshot)).toBeNull();
  });

  it('shows an address that is staff already at the address', async () => {
    const snapshot = await inviteAnswered(json({ error: 'staffExists' }, 409), 'sam@lab.example');
    expect(staff.selectInviteProblems(snapshot)).toEqual({ email: 'taken' });
    expect(staff.selectFailure(snapshot)).toBeNull();
  });
});

/** A staff sign-in's password step (or, `atCode`, its code step) sent over the real call, the server answering with `answer`; the form once the answer is read. */
async function signInAnswered(answer: Response, { atCode = false } = {}) {
  answerCallsWith(() => Promise.resolve(answer.clone()));
  const factors = atCode ? { passkey: false, authenticatorApp: true } : null;
  const actor = createActor(staffSignInMachine.provide(createStaffSignInImplementations({ signedIn: () => {}, enrolmentOwed: () => {} })), { input: { clientCode: 'SUN', factors } }).start();
  if (atCode) actor.send({ type: 'form.edit', field: 'code', value: '123\t456' });
  else {
    actor.send({ type: 'form.edit', field: 'email', value: 'sam\u0007@lab.example' });
    actor.send({ type: 'form.edit', field: 'password', value: 'Sunrise#Demo2026' });
  }
  actor.send({ type: 'form.submit' });
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  return waitFor(actor, (each) => !each.hasTag('busy'));
}

describe('a staff member signing in', () => {
  it("shows the server's refusal of the email at the email, not as a failure above the form, and keeps what was typed", async () => {
    const snapshot = await signInAnswered(json({ error: 'invalidRequest', fields: { email: 'invalidCharacters' } }, 400));
    expect(signIn.selectStep(snapshot)).toBe('password');
    expect(signIn.selectShownProblems(snapshot)).toEqual({ email: 'invalidCharacters' });
    expect(signIn.selectFailure(snapshot)).toBeNull();
    expect(snapshot.context.draft.password).toBe('Sunrise#Demo2026');
    expect(snapshot.context.refusals).toBe(1);
  });

  it("shows the server's refusal of the code at the code", async () => {
    const snapshot = await signInAnswered(json({ error: 'invalidRequest', fields: { code: 'invalidCharacters' } }, 400), { atCode: true });
    expect(signIn.selectStep(snapshot)).toBe('secondFactor');
    expect(signIn.selectShownProblems(snapshot)).toEqual({ code: 'invalidCharacters' });
    expect(signIn.selectFailure(snapshot)).toBeNull();
  });

  it('says a wrong password above the form, and clears the password', async () => {
    const snapshot = await signInAnswered(json({ error: 'invalidCredentials' }, 401));
    expect(signIn.selectShownProblems(snapshot)).toEqual({});
    expect(signIn.selectFailure(snapshot)).toBe('invalidCredentials');
    expect(snapshot.context.draft.password).toBe('');
  });

  it('says too many tries above the form', async () => {
    const snapshot = await signInAnswered(json({ error: 'tooManyRequests' }, 429));
    expect(signIn.selectFailure(snapshot)).toBe('tooManyRequests');
  });
});
