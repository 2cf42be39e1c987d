import { payment } from '@machines/console/payment-refund.fixtures';
import { paymentRefundMachine } from '@machines/console/payment-refund.machine';
import { selectFailure, selectRefundProblems } from '@machines/console/payment-refund.selectors';
import { staffAdminMachine } from '@machines/console/staff-admin.machine';
import * as staff from '@machines/console/staff-admin.selectors';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answerCallsWith } from '@/lib/api/http';
import { parseMoney } from '@/lib/format';
import { createPaymentRefundImplementations, createStaffAdminImplementations } from './office.implementations';

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
