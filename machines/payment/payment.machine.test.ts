import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, waitFor, type NonReducibleUnknown } from 'xstate';
import { account, billing, mastercard, receipt, start, visa } from './payment.fixtures';
import { paymentMachine } from './payment.machine';
import {
  selectBalanceChange,
  selectBillingDraft,
  selectBillingErrors,
  selectCardProblem,
  selectFailure,
  selectInvoiceRows,
  selectIsBusy,
  selectIsReloadingBalances,
  selectPaymentStatus,
  selectPaymentStep,
  selectReceipt,
} from './payment.selectors';
import type { Receipt } from '@contracts/payments';
import type { CardFieldsRequest, PaymentEvent, PaymentFailure, PaymentInput, PaymentStart, PaymentSubmission, StoredPayment } from './payment.types';

const never = <T>() => new Promise<T>(() => {});

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What the app's effects reject with: an Error carrying the failure code. */
const failure = (code: PaymentFailure['code']): Error & PaymentFailure => Object.assign(new Error(code), { code });

function arrange(
  options: {
    input?: Partial<PaymentInput>;
    load?: () => Promise<PaymentStart>;
    submit?: (submission: PaymentSubmission) => Promise<Receipt>;
  } = {},
) {
  const persisted: (StoredPayment | null)[] = [];
  const submissions: PaymentSubmission[] = [];
  const externalPages: string[] = [];
  let tokenRequests = 0;
  let signInRequests = 0;
  let loads = 0;
  let keys = 0;
  let forgotten = 0;
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        loadAccount: fromPromise(() => {
          loads++;
          return (options.load ?? (() => Promise.resolve(start)))();
        }),
        submitPayment: fromPromise(({ input }) => {
          submissions.push(input);
          return (options.submit ?? (() => Promise.resolve(receipt)))(input);
        }),
        // A card page that is ready at once and counts the tokens asked of it (the machine's own askForCardToken asks it).
        cardFields: fromCallback<CardFieldsRequest, NonReducibleUnknown, PaymentEvent>(({ receive, sendBack }) => {
          receive(() => tokenRequests++);
          sendBack({ type: 'payment.cardFieldsReady' });
        }),
      },
      actions: {
        persistProgress: (_, progress) => persisted.push(progress),
        openExternalCardPage: (_, { url }) => externalPages.push(url),
        requestSignIn: () => signInRequests++,
        forgetSavedAddress: () => forgotten++,
        assignIdempotencyKey: assign({ idempotencyKey: () => `key-${String(++keys)}` }),
      },
    }),
    { input: { stored: null, requestedStep: 'amounts', accountEmail: 'pat.doe@example.com', ...options.input } },
  ).start();
  return {
    actor,
    persisted,
    submissions,
    externalPages,
    tokenRequests: () => tokenRequests,
    signInRequests: () => signInRequests,
    loads: () => loads,
    forgotten: () => forgotten,
  };
}

type Actor = ReturnType<typeof arrange>['actor'];

/** Nothing in flight: not loading, not paying, and the (fake, always ready) card page has said it is ready. */
const settled = (actor: Actor) =>
  waitFor(actor, (s) => !s.matches('loadingAccount') && !s.matches('submitting') && !s.matches({ paying: { card: 'loadingFields' } }));

/** Stored progress of the fixture account, complete up to the card step. */
const completeProgress: StoredPayment = {
  accountNumber: account.accountNumber,
  choices: { 'SUN-100041': { mode: 'part', text: '50.00', amount: { cents: 5000 } }, 'SUN-100042': { mode: 'full' } },
  confirmed: true,
  billing,
  rememberAddress: false,
  receipt: null,
};

/** From a fresh start on the amounts page to the card step, filling the billing address. */
function goToCard(actor: Actor) {
  actor.send({ type: 'payment.continue' });
  actor.send({ type: 'payment.continue' });
  for (const field of ['addressLine1', 'city', 'region', 'postalCode', 'country'] as const) {
    actor.send({ type: 'payment.updateBilling', field, value: billing[field] });
  }
  actor.send({ type: 'payment.continue' });
  expect(selectPaymentStep(actor.getSnapshot())).toBe('card');
}

async function pay(actor: Actor, card = visa) {
  actor.send({ type: 'payment.pay' });
  actor.send({ type: 'payment.cardTokenized', card });
  return settled(actor);
}

describe('opening the payment wizard', () => {
  it('chooses every open invoice in full and prefills the payer from the account when nothing is stored', async () => {
    const { actor, persisted } = arrange();
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(snapshot.context.choices).toEqual({ 'SUN-100041': { mode: 'full' }, 'SUN-100042': { mode: 'full' } });
    expect(selectInvoiceRows(snapshot).map((row) => row.invoice.invoiceNumber)).toEqual(['SUN-100041', 'SUN-100042']);
    expect(selectBillingDraft(snapshot)).toMatchObject({ payerName: 'Pat Doe', email: 'pat.doe@example.com', city: '', country: 'US' });
    expect(persisted.at(-1)).toEqual({
      accountNumber: account.accountNumber,
      choices: snapshot.context.choices,
      confirmed: false,
      billing: snapshot.context.billing,
      rememberAddress: false,
      receipt: null,
    });
  });

  it('leaves the email empty for a guest', async () => {
    const { actor } = arrange({ input: { accountEmail: null } });
    expect(selectBillingDraft(await settled(actor)).email).toBe('');
  });

  it('resumes at the stored step after a reload, with the typed amounts and billing', async () => {
    const { actor } = arrange({ input: { stored: completeProgress, requestedStep: 'card' } });
    const snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('card');
    expect(snapshot.context.choices).toEqual(completeProgress.choices);
    expect(snapshot.context.idempotencyKey).toBe('key-1');
    expect(selectBillingDraft(snapshot)).toEqual(billing);
  });

  it("drops another account's stored progress", async () => {
    const { actor } = arrange({ input: { stored: { ...completeProgress, accountNumber: 'A-999999' }, requestedStep: 'card' } });
    const snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('confirmation');
    expect(snapshot.context.choices).toEqual({ 'SUN-100041': { mode: 'full' }, 'SUN-100042': { mode: 'full' } });
    expect(selectBillingDraft(snapshot).city).toBe('');
  });

  it('drops choices of invoices no longer open, keeps the rest and asks to confirm the amounts again', async () => {
    const stored: StoredPayment = {
      ...completeProgress,
      choices: { ...completeProgress.choices, 'SUN-100007': { mode: 'full' }, 'SUN-000001': { mode: 'full' } },
    };
    const { actor } = arrange({ input: { stored, requestedStep: 'card' } });
    const snapshot = await settled(actor);
    expect(snapshot.context.choices).toEqual(completeProgress.choices);
    expect(snapshot.context.confirmed).toBe(false);
    expect(selectPaymentStep(snapshot)).toBe('confirmation');
  });

  it('lands on the first incomplete step when a later one is asked for', async () => {
    const noBilling: StoredPayment = { ...completeProgress, billing: { ...billing, city: '  ' } };
    const { actor } = arrange({ input: { stored: noBilling, requestedStep: 'card' } });
    expect(selectPaymentStep(await settled(actor))).toBe('information');

    const fresh = arrange({ input: { requestedStep: 'card' } });
    expect(selectPaymentStep(await settled(fresh.actor))).toBe('confirmation');
  });

  it('opens an earlier step when asked, even if later ones are complete', async () => {
    const { actor } = arrange({ input: { stored: completeProgress, requestedStep: 'amounts' } });
    expect(selectPaymentStep(await settled(actor))).toBe('amounts');
  });

  it("sends the browser to the client's external card page when it has one", async () => {
    const { actor, externalPages } = arrange({
      load: () => Promise.resolve({ ...start, externalCardLink: 'https://payments.example.org/harbor' }),
    });
    const snapshot = await settled(actor);
    expect(selectPaymentStatus(snapshot)).toBe('externalCardPage');
    expect(externalPages).toEqual(['https://payments.example.org/harbor']);
  });

  it('offers the other ways to pay, not a card page, when the client takes no online payments, even with a card link', async () => {
    const { actor, externalPages } = arrange({
      load: () => Promise.resolve({ ...start, acceptsOnlinePayments: false, externalCardLink: 'https://payments.example.org/harbor' }),
    });
    expect(selectPaymentStatus(await settled(actor))).toBe('noOnlinePayments');
    expect(externalPages).toEqual([]);
  });

  it('says so when the client does not accept online payments', async () => {
    const { actor } = arrange({ load: () => Promise.resolve({ ...start, acceptsOnlinePayments: false }) });
    expect(selectPaymentStatus(await settled(actor))).toBe('noOnlinePayments');
  });

  it('says there is nothing to pay when no invoice is open', async () => {
    const paidUp = { ...account, invoices: account.invoices.filter((invoice) => invoice.balanceCents === 0), totalDueCents: 0 };
    const { actor } = arrange({ load: () => Promise.resolve({ ...start, account: paidUp }) });
    expect(selectPaymentStatus(await settled(actor))).toBe('nothingDue');
  });

  it('shows the failure when the account cannot be loaded, and loads again on retry', async () => {
    let attempt = 0;
    const { actor, loads } = arrange({
      load: () => (++attempt === 1 ? Promise.reject(failure('serverError')) : Promise.resolve(start)),
    });
    let snapshot = await settled(actor);
    expect(selectPaymentStatus(snapshot)).toBe('loadFailed');
    expect(selectFailure(snapshot)).toBe('serverError');
    actor.send({ type: 'payment.retry' });
    snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectFailure(snapshot)).toBeNull();
    expect(loads()).toBe(2);
  });

  it('opens the step the route asked for while the account was loading', async () => {
    const load = deferred<PaymentStart>();
    const { actor } = arrange({ input: { stored: completeProgress }, load: () => load.promise });
    actor.send({ type: 'payment.show', step: 'information' });
    load.resolve(start);
    expect(selectPaymentStep(await settled(actor))).toBe('information');
  });
});

describe('choosing amounts', () => {
  it.each([
    ['above the balance', '120.01', { cents: 12001 }, 'aboveBalance'],
    ['zero', '0', { cents: 0 }, 'notPositive'],
    ['not a number', '12,3,4', { problem: 'invalid' }, 'notANumber'],
    ['that could be read two ways', '1,234', { problem: 'ambiguous' }, 'ambiguous'],
    ['empty', '  ', { problem: 'invalid' }, 'required'],
  ] as const)('does not go on with an amount %s, shows why and keeps the typed text', async (_, text, amount, error) => {
    const { actor } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.payPart', invoiceNumber: 'SUN-100041', text, amount });
    expect(selectInvoiceRows(actor.getSnapshot())[0]?.error).toBeNull();
    actor.send({ type: 'payment.continue' });
    const snapshot = actor.getSnapshot();
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectInvoiceRows(snapshot)[0]).toMatchObject({ choice: { mode: 'part', text, amount }, amountCents: null, error });
    expect(selectInvoiceRows(snapshot)[1]?.error).toBeNull();
  });

  it('does not go on with nothing chosen', async () => {
    const { actor } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.selectInvoice', invoiceNumber: 'SUN-100041', selected: false });
    actor.send({ type: 'payment.selectInvoice', invoiceNumber: 'SUN-100042', selected: false });
    actor.send({ type: 'payment.continue' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('amounts');
    expect(actor.getSnapshot().context.showAmountErrors).toBe(true);
  });

  it('goes on with a part payment and a full one, and keeps them in session storage', async () => {
    const { actor, persisted } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.payPart', invoiceNumber: 'SUN-100041', text: '50.00', amount: { cents: 5000 } });
    expect(persisted.at(-1)?.choices['SUN-100041']).toEqual({ mode: 'part', text: '50.00', amount: { cents: 5000 } });
    actor.send({ type: 'payment.continue' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
    expect(selectInvoiceRows(actor.getSnapshot()).map((row) => row.amountCents)).toEqual([5000, 4550]);
  });

  it('ignores invoices that are not open', async () => {
    const { actor } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.selectInvoice', invoiceNumber: 'SUN-100007', selected: true });
    actor.send({ type: 'payment.payPart', invoiceNumber: 'SUN-999', text: '1', amount: { cents: 100 } });
    expect(Object.keys(actor.getSnapshot().context.choices)).toEqual(['SUN-100041', 'SUN-100042']);
  });

  it('asks to confirm again after the amounts change', async () => {
    const { actor, persisted } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    expect(persisted.at(-1)?.confirmed).toBe(true);
    actor.send({ type: 'payment.show', step: 'amounts' });
    actor.send({ type: 'payment.payInFull', invoiceNumber: 'SUN-100041' });
    expect(persisted.at(-1)?.confirmed).toBe(false);
    actor.send({ type: 'payment.show', step: 'information' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
  });
});

describe('moving between steps', () => {
  it('goes back from confirmation to the amounts, and from the billing information to the confirmation', async () => {
    const { actor } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.back' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('amounts');
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.back' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
  });

  it('follows the route to a reachable step, and to the first incomplete step otherwise', async () => {
    const { actor } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.show', step: 'card' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
    actor.send({ type: 'payment.show', step: 'amounts' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('amounts');
    actor.send({ type: 'payment.show', step: 'receipt' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
  });

  it('keeps the card step (and its key) when the route shows the card step again', async () => {
    const { actor } = arrange({ input: { stored: completeProgress, requestedStep: 'card' } });
    await settled(actor);
    actor.send({ type: 'payment.pay' });
    actor.send({ type: 'payment.show', step: 'card' });
    expect(actor.getSnapshot().matches({ paying: { card: 'tokenizing' } })).toBe(true);
    expect(actor.getSnapshot().context.idempotencyKey).toBe('key-1');
  });
});

describe('billing information', () => {
  it('does not go on with missing fields or an implausible email, and says which', async () => {
    const { actor } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    expect(selectBillingErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'payment.updateBilling', field: 'email', value: 'pat.doe@' });
    actor.send({ type: 'payment.updateBilling', field: 'postalCode', value: '1'.repeat(17) });
    actor.send({ type: 'payment.continue' });
    const snapshot = actor.getSnapshot();
    expect(selectPaymentStep(snapshot)).toBe('information');
    expect(selectBillingErrors(snapshot)).toEqual({
      addressLine1: 'required',
      city: 'required',
      region: 'required',
      postalCode: 'tooLong',
      email: 'invalidEmail',
    });
    expect(selectBillingDraft(snapshot).email).toBe('pat.doe@');
  });

  it('fills the name and email from the account on request', async () => {
    const { actor, persisted } = arrange({ input: { stored: { ...completeProgress, billing: { ...billing, payerName: 'X', email: '' } } } });
    await settled(actor);
    actor.send({ type: 'payment.show', step: 'information' });
    actor.send({ type: 'payment.useAccountDetails' });
    expect(selectBillingDraft(actor.getSnapshot())).toEqual(billing);
    expect(persisted.at(-1)?.billing).toEqual(billing);
  });

  it('keeps the typed email of a guest when filling from the account', async () => {
    const { actor } = arrange({ input: { accountEmail: null, stored: { ...completeProgress, billing: { ...billing, payerName: '' } } } });
    await settled(actor);
    actor.send({ type: 'payment.show', step: 'information' });
    actor.send({ type: 'payment.useAccountDetails' });
    expect(selectBillingDraft(actor.getSnapshot())).toEqual(billing);
  });
});

describe('paying by card', () => {
  it('makes a new idempotency key (a UUID by default) each time the card step is entered', async () => {
    const actor = createActor(
      paymentMachine.provide({ actors: { loadAccount: fromPromise(() => Promise.resolve(start)) } }),
      { input: { stored: completeProgress, requestedStep: 'card', accountEmail: null } },
    ).start();
    // The default card page never says it is ready: entering the card step is what counts here.
    const first = (await waitFor(actor, (s) => s.matches({ paying: 'card' }))).context.idempotencyKey;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    actor.send({ type: 'payment.back' });
    actor.send({ type: 'payment.continue' });
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(first);
  });

  it('asks the processor for one token when pay is clicked twice', async () => {
    const { actor, tokenRequests } = arrange({ input: { stored: completeProgress, requestedStep: 'card' } });
    await settled(actor);
    actor.send({ type: 'payment.pay' });
    actor.send({ type: 'payment.pay' });
    expect(tokenRequests()).toBe(1);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
  });

  it('lets the payer correct the card when the processor finds it invalid, and says when the processor fails', async () => {
    const { actor, tokenRequests } = arrange({ input: { stored: completeProgress, requestedStep: 'card' } });
    await settled(actor);
    actor.send({ type: 'payment.pay' });
    actor.send({ type: 'payment.cardInvalid' });
    expect(actor.getSnapshot().matches({ paying: { card: 'editing' } })).toBe(true);
    actor.send({ type: 'payment.pay' });
    actor.send({ type: 'payment.cardFailed' });
    expect(actor.getSnapshot().matches({ paying: { card: 'editing' } })).toBe(true);
    expect(selectCardProblem(actor.getSnapshot())).toBe('processorUnavailable');
    actor.send({ type: 'payment.pay' });
    expect(selectCardProblem(actor.getSnapshot())).toBeNull();
    expect(tokenRequests()).toBe(3);
  });

  it('pays the chosen amounts (full ones as the balance) with the key, the token and the trimmed billing, then shows the receipt', async () => {
    const { actor, submissions, persisted } = arrange();
    await settled(actor);
    actor.send({ type: 'payment.payPart', invoiceNumber: 'SUN-100041', text: '50.00', amount: { cents: 5000 } });
    actor.send({ type: 'payment.updateBilling', field: 'payerName', value: '  Pat Doe ' });
    goToCard(actor);
    const snapshot = await pay(actor);
    expect(submissions).toEqual([
      {
        idempotencyKey: 'key-1',
        lines: [
          { invoiceNumber: 'SUN-100041', amountCents: 5000 },
          { invoiceNumber: 'SUN-100042', amountCents: 4550 },
        ],
        cardToken: visa.token,
        billing,
        rememberAddress: false,
      },
    ]);
    expect(selectPaymentStatus(snapshot)).toBe('receipt');
    expect(selectPaymentStep(snapshot)).toBe('receipt');
    expect(selectReceipt(snapshot)).toEqual(receipt);
    expect(snapshot.context).toMatchObject({ choices: {}, confirmed: false, idempotencyKey: null, card: null });
    expect(persisted.at(-1)).toMatchObject({ accountNumber: account.accountNumber, choices: {}, confirmed: false, receipt });
  });

  it('never stores the card token, or anything card-like, in session storage', async () => {
    const { actor, persisted } = arrange({
      input: { stored: completeProgress, requestedStep: 'card' },
      submit: () => Promise.reject(failure('serverError')),
    });
    await settled(actor);
    await pay(actor);
    actor.send({ type: 'payment.retry' });
    await settled(actor);
    const stored = JSON.stringify(persisted);
    expect(stored).not.toContain(visa.token);
    for (const progress of persisted) if (progress) expect(Object.keys(progress).sort()).toEqual(['accountNumber', 'billing', 'choices', 'confirmed', 'receipt', 'rememberAddress']);
  });

  it.each(['cardDeclined', 'insufficientFunds'] as const)(
    'returns to the card step with the reason after %s, keeping choices and billing, with a new key',
    async (code) => {
      let attempt = 0;
      const { actor, submissions } = arrange({
        input: { stored: completeProgress, requestedStep: 'card' },
        submit: () => (++attempt === 1 ? Promise.reject(failure(code)) : Promise.resolve(receipt)),
      });
      await settled(actor);
      let snapshot = await pay(actor);
      expect(snapshot.matches({ paying: { card: 'editing' } })).toBe(true);
      expect(selectCardProblem(snapshot)).toBe(code);
      expect(snapshot.context.card).toBeNull();
      expect(snapshot.context.choices).toEqual(completeProgress.choices);
      expect(snapshot.context.billing).toEqual(billing);
      expect(snapshot.context.idempotencyKey).toBe('key-2');
      snapshot = await pay(actor, mastercard);
      expect(selectReceipt(snapshot)).toEqual(receipt);
      expect(submissions.map((s) => [s.idempotencyKey, s.cardToken])).toEqual([
        ['key-1', visa.token],
        ['key-2', mastercard.token],
      ]);
    },
  );

  it('retries a failed payment with the same key and token, so it is never charged twice', async () => {
    let attempt = 0;
    const { actor, submissions } = arrange({
      input: { stored: completeProgress, requestedStep: 'card' },
      submit: () => (++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(receipt)),
    });
    await settled(actor);
    let snapshot = await pay(actor);
    expect(selectPaymentStatus(snapshot)).toBe('submitFailed');
    expect(selectFailure(snapshot)).toBe('serverError');
    actor.send({ type: 'payment.back' });
    actor.send({ type: 'payment.show', step: 'card' });
    expect(selectPaymentStatus(actor.getSnapshot())).toBe('submitFailed');
    actor.send({ type: 'payment.retry' });
    snapshot = await settled(actor);
    expect(selectReceipt(snapshot)).toEqual(receipt);
    expect(submissions).toHaveLength(2);
    expect(submissions[1]).toEqual(submissions[0]);
  });

  it('keeps the failure code when the server refuses the payment as it stands', async () => {
    const { actor } = arrange({ input: { stored: completeProgress, requestedStep: 'card' }, submit: () => Promise.reject(failure('rejected')) });
    await settled(actor);
    expect(selectFailure(await pay(actor))).toBe('rejected');
  });

  it('cannot be left while the payment is in flight', async () => {
    const submission = deferred<Receipt>();
    const { actor } = arrange({ input: { stored: completeProgress, requestedStep: 'card' }, submit: () => submission.promise });
    await settled(actor);
    actor.send({ type: 'payment.pay' });
    actor.send({ type: 'payment.cardTokenized', card: visa });
    for (const step of ['amounts', 'information', 'receipt'] as const) actor.send({ type: 'payment.show', step });
    actor.send({ type: 'payment.back' });
    actor.send({ type: 'payment.pay' });
    expect(selectPaymentStatus(actor.getSnapshot())).toBe('submitting');
    expect(selectPaymentStep(actor.getSnapshot())).toBe('card');
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    submission.resolve(receipt);
    expect(selectPaymentStatus(await settled(actor))).toBe('receipt');
  });

  it('sends the payer to sign in when the session ended, with the progress kept', async () => {
    const { actor, signInRequests, persisted } = arrange({
      input: { stored: completeProgress, requestedStep: 'card' },
      submit: () => Promise.reject(failure('notSignedIn')),
    });
    await settled(actor);
    const snapshot = await pay(actor);
    expect(selectPaymentStatus(snapshot)).toBe('sessionEnded');
    expect(signInRequests()).toBe(1);
    expect(persisted.at(-1)).toEqual(completeProgress);
  });
});

describe('a payment refused because a balance changed meanwhile', () => {
  // Another tab paid 90.00 of SUN-100041 (30.00 is left) and all of SUN-100042.
  const paidElsewhere: PaymentStart = {
    ...start,
    account: {
      ...account,
      totalDueCents: 3000,
      invoices: account.invoices.map((invoice) =>
        invoice.invoiceNumber === 'SUN-100041' ? { ...invoice, balanceCents: 3000 } : { ...invoice, balanceCents: 0 },
      ),
    },
  };

  /** On the card step with the complete progress; the first payment is refused as stale, later ones go through. */
  async function refusedOnce(loads: (() => Promise<PaymentStart>)[]) {
    let attempt = 0;
    let load = 0;
    const world = arrange({
      input: { stored: completeProgress, requestedStep: 'card' },
      load: () => (loads[load++] ?? (() => Promise.resolve(start)))(),
      submit: () => (++attempt === 1 ? Promise.reject(failure('balanceChanged')) : Promise.resolve(receipt)),
    });
    await settled(world.actor);
    return world;
  }

  it('loads the account again and goes back to the amounts, saying which invoices changed, with every choice and the billing kept', async () => {
    const { actor, loads, persisted } = await refusedOnce([() => Promise.resolve(start), () => Promise.resolve(paidElsewhere)]);
    const snapshot = await pay(actor);
    expect(loads()).toBe(2);
    expect(selectPaymentStatus(snapshot)).toBe('wizard');
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectBalanceChange(snapshot)).toEqual({ changed: ['SUN-100041'], closed: ['SUN-100042'] });
    expect(selectFailure(snapshot)).toBeNull();
    // The closed invoice drops out; the typed amount stays as typed, now above its balance, and says so.
    expect(snapshot.context.choices).toEqual({ 'SUN-100041': completeProgress.choices['SUN-100041'] });
    expect(selectInvoiceRows(snapshot)).toEqual([
      expect.objectContaining({ choice: { mode: 'part', text: '50.00', amount: { cents: 5000 } }, amountCents: null, error: 'aboveBalance' }),
    ]);
    expect(selectBillingDraft(snapshot)).toEqual(billing);
    // The card and its key were for the refused request; the amounts must be confirmed again.
    expect(snapshot.context.card).toBeNull();
    expect(snapshot.context.idempotencyKey).toBeNull();
    expect(snapshot.context.confirmed).toBe(false);
    expect(persisted.at(-1)).toEqual({ ...completeProgress, choices: snapshot.context.choices, confirmed: false });
  });

  it('pays the corrected amounts with a new key and a new card, without the billing typed again', async () => {
    const { actor, submissions } = await refusedOnce([() => Promise.resolve(start), () => Promise.resolve(paidElsewhere)]);
    await pay(actor);
    actor.send({ type: 'payment.continue' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('amounts');
    actor.send({ type: 'payment.payPart', invoiceNumber: 'SUN-100041', text: '20.00', amount: { cents: 2000 } });
    actor.send({ type: 'payment.continue' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
    expect(selectBalanceChange(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('card');
    expect(selectReceipt(await pay(actor, mastercard))).toEqual(receipt);
    expect(submissions).toHaveLength(2);
    expect(submissions[1]).toEqual({
      idempotencyKey: 'key-2',
      lines: [{ invoiceNumber: 'SUN-100041', amountCents: 2000 }],
      cardToken: mastercard.token,
      billing,
      rememberAddress: false,
    });
  });

  it('forgets what changed once the payer leaves the amounts, so going back there says nothing again', async () => {
    const lowered: PaymentStart = {
      ...start,
      account: { ...account, invoices: account.invoices.map((invoice) => (invoice.invoiceNumber === 'SUN-100042' ? { ...invoice, balanceCents: 1000 } : invoice)) },
    };
    const { actor } = await refusedOnce([() => Promise.resolve(start), () => Promise.resolve(lowered)]);
    let snapshot = await pay(actor);
    // Both amounts can still be paid (the full one is the new balance): the payer may go on at once.
    expect(selectBalanceChange(snapshot)).toEqual({ changed: ['SUN-100042'], closed: [] });
    actor.send({ type: 'payment.continue' });
    expect(selectPaymentStep(actor.getSnapshot())).toBe('confirmation');
    actor.send({ type: 'payment.back' });
    snapshot = actor.getSnapshot();
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectBalanceChange(snapshot)).toBeNull();
  });

  it('shows the amounts first even when the route asks for another page while the account loads again', async () => {
    const reload = deferred<PaymentStart>();
    const { actor } = await refusedOnce([() => Promise.resolve(start), () => reload.promise]);
    actor.send({ type: 'payment.pay' });
    actor.send({ type: 'payment.cardTokenized', card: visa });
    await waitFor(actor, (s) => s.matches('loadingAccount'));
    expect(selectIsReloadingBalances(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payment.show', step: 'information' });
    reload.resolve(start);
    const snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    // Nothing the portal can see changed: the page says the balances changed without naming one.
    expect(selectBalanceChange(snapshot)).toEqual({ changed: [], closed: [] });
  });

  it('keeps the choices and what to compare through a failed reload, and compares once it loads on retry', async () => {
    const { actor } = await refusedOnce([
      () => Promise.resolve(start),
      () => Promise.reject(failure('serverError')),
      () => Promise.resolve(paidElsewhere),
    ]);
    let snapshot = await pay(actor);
    expect(selectPaymentStatus(snapshot)).toBe('loadFailed');
    expect(selectIsReloadingBalances(snapshot)).toBe(true);
    actor.send({ type: 'payment.retry' });
    snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectBalanceChange(snapshot)).toEqual({ changed: ['SUN-100041'], closed: ['SUN-100042'] });
    expect(snapshot.context.choices).toEqual({ 'SUN-100041': completeProgress.choices['SUN-100041'] });
    expect(selectBillingDraft(snapshot)).toEqual(billing);
  });

  it('says there is nothing left to pay, and which invoices closed, when the other payment paid everything', async () => {
    const paidUp = { ...account, totalDueCents: 0, invoices: account.invoices.map((invoice) => ({ ...invoice, balanceCents: 0 })) };
    const { actor } = await refusedOnce([() => Promise.resolve(start), () => Promise.resolve({ ...start, account: paidUp })]);
    const snapshot = await pay(actor);
    expect(selectPaymentStatus(snapshot)).toBe('nothingDue');
    expect(selectBalanceChange(snapshot)).toEqual({ changed: [], closed: ['SUN-100041', 'SUN-100042'] });
  });
});

describe('the receipt', () => {
  const paid: StoredPayment = { accountNumber: account.accountNumber, choices: {}, confirmed: false, billing, rememberAddress: false, receipt };

  it('shows the stored receipt again after a reload', async () => {
    const { actor } = arrange({ input: { stored: paid, requestedStep: 'receipt' } });
    const snapshot = await settled(actor);
    expect(selectPaymentStatus(snapshot)).toBe('receipt');
    expect(selectReceipt(snapshot)).toEqual(receipt);
    actor.send({ type: 'payment.show', step: 'receipt' });
    expect(selectPaymentStatus(actor.getSnapshot())).toBe('receipt');
  });

  it('starts a new payment when the wizard is opened on another step after paying', async () => {
    const { actor } = arrange({ input: { stored: paid, requestedStep: 'amounts' } });
    const snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectReceipt(snapshot)).toBeNull();
    expect(Object.keys(snapshot.context.choices)).toEqual(['SUN-100041', 'SUN-100042']);
  });

  it('starts over: clears the progress, loads the account again and chooses every invoice in full', async () => {
    const { actor, persisted, loads } = arrange({ input: { stored: paid, requestedStep: 'receipt' } });
    await settled(actor);
    actor.send({ type: 'payment.startOver' });
    expect(persisted.at(-1)).toBeNull();
    const snapshot = await settled(actor);
    expect(loads()).toBe(2);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectReceipt(snapshot)).toBeNull();
    expect(snapshot.context.choices).toEqual({ 'SUN-100041': { mode: 'full' }, 'SUN-100042': { mode: 'full' } });
    expect(persisted.at(-1)).toMatchObject({ receipt: null, confirmed: false });
  });

  it("keeps the receipt when the route shows a step of the payment just made (the browser's Back)", async () => {
    const { actor, persisted, loads } = arrange({ input: { stored: paid, requestedStep: 'receipt' } });
    await settled(actor);
    const stored = persisted.length;
    for (const step of ['card', 'information', 'confirmation', 'amounts'] as const) {
      actor.send({ type: 'payment.show', step });
      const snapshot = await settled(actor);
      expect(selectPaymentStep(snapshot)).toBe('receipt');
      expect(selectReceipt(snapshot)).not.toBeNull();
    }
    expect(loads()).toBe(1);
    expect(persisted).toHaveLength(stored);
  });

  it('starts a new payment from the receipt only when the payer asks, with the balances loaded again', async () => {
    const { actor, persisted, loads } = arrange({ input: { stored: paid, requestedStep: 'receipt' } });
    await settled(actor);
    actor.send({ type: 'payment.startOver' });
    expect(persisted.at(-1)).toBeNull();
    const snapshot = await settled(actor);
    expect(loads()).toBe(2);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectReceipt(snapshot)).toBeNull();
  });

  it('lets the payer give up a failed payment and start over', async () => {
    const { actor, persisted } = arrange({
      input: { stored: completeProgress, requestedStep: 'card' },
      submit: () => Promise.reject(failure('rejected')),
    });
    await settled(actor);
    await pay(actor);
    actor.send({ type: 'payment.startOver' });
    expect(persisted.at(-1)).toBeNull();
    const snapshot = await settled(actor);
    expect(selectPaymentStep(snapshot)).toBe('amounts');
    expect(selectFailure(snapshot)).toBeNull();
  });
});

it('never leaves the loading state without an answer', () => {
  const { actor } = arrange({ load: never });
  expect(selectPaymentStatus(actor.getSnapshot())).toBe('loading');
  expect(selectPaymentStep(actor.getSnapshot())).toBeNull();
});

describe('the billing address remembered for next time', () => {
  const savedAddress = { addressLine1: '9 Elm Street', addressLine2: 'Apt 2', city: 'Shelbyville', region: 'IL', postalCode: '62565', country: 'US' };

  it('starts unticked without a remembered address, and a ticked payment asks to keep the address', async () => {
    const { actor, submissions } = arrange();
    await settled(actor);
    expect(actor.getSnapshot().context.rememberAddress).toBe(false);
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.rememberAddress', remember: true });
    goToCard(actor);
    await pay(actor);
    expect(submissions.at(-1)?.rememberAddress).toBe(true);
  });

  it('offers the remembered address, ticked, and "same as my account" fills it too', async () => {
    const { actor } = arrange({ load: () => Promise.resolve({ ...start, savedAddress }) });
    const snapshot = await settled(actor);
    expect(snapshot.context.rememberAddress).toBe(true);
    expect(selectBillingDraft(snapshot)).toMatchObject({ ...savedAddress, payerName: 'Pat Doe', email: 'pat.doe@example.com' });
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.updateBilling', field: 'city', value: 'Springfield' });
    actor.send({ type: 'payment.useAccountDetails' });
    expect(selectBillingDraft(actor.getSnapshot()).city).toBe('Shelbyville');
  });

  it('forgets the remembered address at once when unticked, keeping what is typed, and the payment keeps none', async () => {
    const { actor, submissions, forgotten } = arrange({ load: () => Promise.resolve({ ...start, savedAddress }) });
    await settled(actor);
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.rememberAddress', remember: false });
    expect(forgotten()).toBe(1);
    expect(actor.getSnapshot().context.savedAddress).toBeNull();
    expect(selectBillingDraft(actor.getSnapshot()).city).toBe('Shelbyville');
    goToCard(actor);
    await pay(actor);
    expect(submissions.at(-1)?.rememberAddress).toBe(false);
  });

  it('never asks to keep a guest\'s address', async () => {
    const { actor, submissions } = arrange({ input: { accountEmail: null } });
    await settled(actor);
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.continue' });
    actor.send({ type: 'payment.updateBilling', field: 'email', value: 'guest@example.com' });
    actor.send({ type: 'payment.rememberAddress', remember: true });
    goToCard(actor);
    await pay(actor);
    expect(submissions.at(-1)?.rememberAddress).toBe(false);
  });
});
