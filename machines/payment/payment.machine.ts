import { assign, fromPromise, setup } from 'xstate';
import { areAmountsValid, isBillingValid, openInvoices, paymentLines, resumeStep, trimBilling, type WizardStep } from './payment.rules';
import type { Receipt } from '@contracts/payments';
import type { AmountChoice, BillingDraft, PaymentContext, PaymentEvent, PaymentFailureCode, PaymentInput, PaymentStart, PaymentStep, PaymentSubmission, PaymentTag, StoredPayment } from './payment.types';

const failureCodes: readonly PaymentFailureCode[] = ['cardDeclined', 'insufficientFunds', 'notSignedIn', 'rejected', 'serverError'];

/** Reads the failure code an effect rejected with; anything unknown counts as a server error. */
export function toPaymentFailureCode(error: unknown): PaymentFailureCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return failureCodes.find((known) => known === code) ?? 'serverError';
}

/** A billing draft with every field empty. */
export const emptyBilling: BillingDraft = {
  payerName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  email: '',
};

/** The draft a payer without stored billing starts with: the account holder and the signed-in email. */
function initialBilling(context: Pick<PaymentContext, 'account' | 'accountEmail'>): BillingDraft {
  return { ...emptyBilling, payerName: context.account?.holderName ?? '', email: context.accountEmail ?? '' };
}

/** The progress to keep in session storage, or null while no account is loaded. */
export function toStoredPayment(context: PaymentContext): StoredPayment | null {
  if (!context.account) return null;
  return {
    accountNumber: context.account.accountNumber,
    choices: context.choices,
    confirmed: context.confirmed,
    billing: context.billing,
    receipt: context.receipt,
  };
}

/**
 * The progress to go on with once the account is known: another account's progress is dropped,
 * and so is a finished payment's (a stored receipt) unless its receipt is asked for; choices for
 * invoices that are no longer open are dropped (and then the amounts must be confirmed again);
 * everything else, typed text included, is kept. Without progress, every open invoice is chosen
 * in full.
 */
function resumeProgress(
  context: PaymentContext,
  account: PaymentStart['account'],
): Pick<PaymentContext, 'choices' | 'confirmed' | 'billing' | 'receipt'> {
  const open = openInvoices(account);
  const stored = context.stored;
  const usable =
    stored !== null &&
    stored.accountNumber === account.accountNumber &&
    (stored.receipt === null || context.requestedStep === 'receipt');
  if (!usable) {
    const choices: Record<string, AmountChoice> = {};
    for (const invoice of open) choices[invoice.invoiceNumber] = { mode: 'full' };
    return { choices, confirmed: false, billing: initialBilling({ account, accountEmail: context.accountEmail }), receipt: null };
  }
  const openNumbers = new Set(open.map((invoice) => invoice.invoiceNumber));
  const choices = Object.fromEntries(Object.entries(stored.choices).filter(([invoiceNumber]) => openNumbers.has(invoiceNumber)));
  const dropped = Object.keys(choices).length !== Object.keys(stored.choices).length;
  return { choices, confirmed: stored.confirmed && !dropped, billing: { ...stored.billing }, receipt: stored.receipt };
}

/** The request for the payment as the payer left it: full amounts become the balance. */
function toSubmission(context: PaymentContext): PaymentSubmission {
  return {
    idempotencyKey: context.idempotencyKey ?? '',
    lines: paymentLines(context.choices, context.account),
    cardToken: context.card?.token ?? '',
    billing: trimBilling(context.billing),
  };
}

const withChoice = (context: PaymentContext, invoiceNumber: string, choice: AmountChoice | null) => {
  const { [invoiceNumber]: _previous, ...others } = context.choices;
  return choice === null ? others : { ...others, [invoiceNumber]: choice };
};

/** Progress after "start over": nothing chosen or typed is kept; the account is loaded again. */
const clearedProgress = {
  stored: null,
  account: null,
  choices: {},
  confirmed: false,
  billing: emptyBilling,
  showAmountErrors: false,
  showBillingErrors: false,
  idempotencyKey: null,
  card: null,
  cardProblem: null,
  failure: null,
  receipt: null,
} satisfies Partial<PaymentContext>;

const persist = { type: 'persistProgress', params: ({ context }: { context: PaymentContext }) => toStoredPayment(context) } as const;

/**
 * The online payment wizard: choose amounts, confirm them, give the billing information, pay by
 * card, see the receipt. Progress is kept in session storage (the `persistProgress` action) so a
 * reload resumes where the payer was; every effect is provided by the app with
 * `paymentMachine.provide(...)`.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    tags: {} as PaymentTag,
  },
  actors: {
    loadAccount: fromPromise<PaymentStart>(() => Promise.reject(new Error('loadAccount not provided'))),
    submitPayment: fromPromise<Receipt, PaymentSubmission>(() => Promise.reject(new Error('submitPayment not provided'))),
  },
  actions: {
    persistProgress: (_, _progress: StoredPayment | null) => {},
    requestCardToken: () => {},
    openExternalCardPage: (_, _params: { url: string }) => {},
    requestSignIn: () => {},
    assignIdempotencyKey: assign({ idempotencyKey: () => crypto.randomUUID() }),
  },
  guards: {
    hasExternalCardPage: ({ context }) => context.externalCardLink.trim() !== '',
    isRefusingOnlinePayments: ({ context }) => !context.acceptsOnlinePayments,
    hasRequestedReceipt: ({ context }) => context.requestedStep === 'receipt' && context.receipt !== null,
    hasNothingDue: ({ context }) => openInvoices(context.account).length === 0,
    resumesAt: ({ context }, params: { step: WizardStep }) => resumeStep(context, context.requestedStep) === params.step,
    isShowing: ({ event }, params: { step: PaymentStep }) => event.type === 'payment.show' && event.step === params.step,
    isOpenInvoice: ({ context, event }) =>
      'invoiceNumber' in event && openInvoices(context.account).some((invoice) => invoice.invoiceNumber === event.invoiceNumber),
    hasValidAmounts: ({ context }) => areAmountsValid(context.choices, context.account),
    hasValidBilling: ({ context }) => isBillingValid(context.billing),
    isCardRefused: (_, params: { code: PaymentFailureCode }) => params.code === 'cardDeclined' || params.code === 'insufficientFunds',
    isSessionEnded: (_, params: { code: PaymentFailureCode }) => params.code === 'notSignedIn',
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    ...clearedProgress,
    requestedStep: input.requestedStep,
    accountEmail: input.accountEmail,
    acceptsOnlinePayments: true,
    externalCardLink: '',
    stored: input.stored,
  }),
  initial: 'loadingAccount',
  states: {
    loadingAccount: {
      description:
        "Loads the account's open invoices and whether (and where) the client takes card payments. Stored progress waits until it can be checked against the account.",
      tags: ['busy'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: {
          description:
            "Keeps the account; stored progress of another account is dropped, choices for invoices no longer open are dropped, the rest (typed text included) is kept. Without progress every open invoice is chosen in full.",
          target: 'routing',
          actions: assign(({ context, event }) => ({
            account: event.output.account,
            acceptsOnlinePayments: event.output.acceptsOnlinePayments,
            externalCardLink: event.output.externalCardLink,
            failure: null,
            ...resumeProgress(context, event.output.account),
            stored: null,
          })),
        },
        onError: {
          description: 'The account could not be loaded (the server, the network, or the session): the failure code is kept.',
          target: 'loadFailed',
          actions: assign({ failure: ({ event }) => toPaymentFailureCode(event.error) }),
        },
      },
      on: {
        'payment.show': {
          description: 'The route changed while loading: the wizard opens on the newly requested step.',
          actions: assign({ requestedStep: ({ event }) => event.step }),
        },
      },
    },
    loadFailed: {
      description: 'The account could not be loaded; the failure code says why, and the payer may try again.',
      on: {
        'payment.retry': { target: 'loadingAccount', actions: assign({ failure: null }) },
        'payment.show': { actions: assign({ requestedStep: ({ event }) => event.step }) },
      },
    },
    routing: {
      description: 'Decides, once the account is known, which page the payer sees.',
      always: [
        {
          description: "The client takes card payments on its own external page: the browser goes there.",
          guard: 'hasExternalCardPage',
          target: 'externalCardPage',
        },
        { description: 'The client does not accept online payments.', guard: 'isRefusingOnlinePayments', target: 'noOnlinePayments' },
        {
          description: 'The receipt page was reloaded and the receipt is in the stored progress.',
          guard: 'hasRequestedReceipt',
          target: 'receipt',
        },
        { description: 'The account has no open invoice.', guard: 'hasNothingDue', target: 'nothingDue' },
        {
          description: 'Into the wizard at the requested step when every earlier step is complete, else at the first incomplete step.',
          target: 'paying',
          actions: persist,
        },
      ],
    },
    externalCardPage: {
      description: "The client's external card page takes the payment: the browser is sent there.",
      entry: { type: 'openExternalCardPage', params: ({ context }) => ({ url: context.externalCardLink }) },
    },
    noOnlinePayments: {
      description: "The client does not accept online payments: the page offers the client's other ways to pay.",
    },
    nothingDue: {
      description: 'The account has no open invoice: nothing to pay.',
    },
    paying: {
      description:
        'The wizard pages before paying. A route change (payment.show) goes to the requested step when every earlier step is complete, otherwise to the first incomplete step.',
      initial: 'resuming',
      states: {
        resuming: {
          description: 'Picks the page: the requested step if every earlier step is complete, else the first incomplete step.',
          always: [
            { guard: { type: 'resumesAt', params: { step: 'card' } }, target: 'card' },
            { guard: { type: 'resumesAt', params: { step: 'information' } }, target: 'enteringBillingInformation' },
            { guard: { type: 'resumesAt', params: { step: 'confirmation' } }, target: 'confirming' },
            { target: 'choosingAmounts' },
          ],
        },
        choosingAmounts: {
          description:
            'Step "amounts": the payer picks the invoices to pay, each in full or in part. Any change means the amounts must be confirmed again.',
          on: {
            'payment.show': {
              description: 'Already on this page.',
              guard: { type: 'isShowing', params: { step: 'amounts' } },
            },
            'payment.selectInvoice': {
              description: 'Choosing an invoice pays it in full; unchoosing it removes it from the payment.',
              guard: 'isOpenInvoice',
              actions: [
                assign({
                  choices: ({ context, event }) => withChoice(context, event.invoiceNumber, event.selected ? { mode: 'full' } : null),
                  confirmed: false,
                }),
                persist,
              ],
            },
            'payment.payInFull': {
              guard: 'isOpenInvoice',
              actions: [
                assign({ choices: ({ context, event }) => withChoice(context, event.invoiceNumber, { mode: 'full' }), confirmed: false }),
                persist,
              ],
            },
            'payment.payPart': {
              description: 'Pays part of the invoice: the text is kept exactly as typed, with the cents the view parsed from it.',
              guard: 'isOpenInvoice',
              actions: [
                assign({
                  choices: ({ context, event }) =>
                    withChoice(context, event.invoiceNumber, { mode: 'part', text: event.text, cents: event.cents }),
                  confirmed: false,
                }),
                persist,
              ],
            },
            'payment.continue': [
              {
                description: 'At least one invoice is chosen and every amount is above zero and at most its balance.',
                guard: 'hasValidAmounts',
                target: 'confirming',
                actions: assign({ showAmountErrors: false }),
              },
              {
                description: 'Some amount cannot be paid (or nothing is chosen): the errors show and the payer stays.',
                actions: assign({ showAmountErrors: true }),
              },
            ],
          },
        },
        confirming: {
          description: 'Step "confirmation": the payer checks the invoices and amounts before giving the billing information.',
          on: {
            'payment.show': {
              description: 'Already on this page.',
              guard: { type: 'isShowing', params: { step: 'confirmation' } },
            },
            'payment.back': 'choosingAmounts',
            'payment.continue': {
              description: 'The payer confirmed the amounts.',
              target: 'enteringBillingInformation',
              actions: [assign({ confirmed: true }), persist],
            },
          },
        },
        enteringBillingInformation: {
          description: 'Step "information": who pays, the billing address, and where the receipt goes.',
          on: {
            'payment.show': {
              description: 'Already on this page.',
              guard: { type: 'isShowing', params: { step: 'information' } },
            },
            'payment.updateBilling': {
              actions: [assign({ billing: ({ context, event }) => ({ ...context.billing, [event.field]: event.value }) }), persist],
            },
            'payment.useAccountDetails': {
              description: "Fills the payer's name with the account holder's, and the email with the signed-in user's when known.",
              actions: [
                assign({
                  billing: ({ context }) => ({
                    ...context.billing,
                    payerName: context.account?.holderName ?? context.billing.payerName,
                    email: context.accountEmail ?? context.billing.email,
                  }),
                }),
                persist,
              ],
            },
            'payment.continue': [
              {
                description: 'Every required field is filled, within its length, and the email is plausible.',
                guard: 'hasValidBilling',
                target: 'card',
                actions: assign({ showBillingErrors: false }),
              },
              {
                description: 'Some field is missing or wrong: the errors show and the payer stays.',
                actions: assign({ showBillingErrors: true }),
              },
            ],
            'payment.back': 'confirming',
          },
        },
        card: {
          description:
            "Step \"card\": the processor's page takes the card. Each time the payer arrives here a new idempotency key is made, as the request will carry a new card token.",
          entry: 'assignIdempotencyKey',
          initial: 'editing',
          states: {
            editing: {
              description: "The payer types the card into the processor's page.",
              on: {
                'payment.pay': {
                  description: "Asks the processor's page for a token of the card.",
                  target: 'tokenizing',
                  actions: assign({ cardProblem: null }),
                },
                'payment.back': {
                  target: '#payment.paying.enteringBillingInformation',
                  actions: assign({ cardProblem: null }),
                },
              },
            },
            tokenizing: {
              description: "Waiting for the processor's token. Another pay is ignored here, so a double click charges once.",
              tags: ['busy'],
              entry: 'requestCardToken',
              on: {
                'payment.cardTokenized': {
                  description: 'The processor gave a token: the payment is sent.',
                  target: '#payment.submitting',
                  actions: assign({ card: ({ event }) => event.card }),
                },
                'payment.cardInvalid': {
                  description: "The card fields are not valid; the processor's page says which.",
                  target: 'editing',
                },
              },
            },
          },
          on: {
            'payment.show': {
              description: 'Already on this page.',
              guard: { type: 'isShowing', params: { step: 'card' } },
            },
            'payment.cardFailed': {
              description: "The processor's page failed: the payer is told it is unavailable.",
              target: '.editing',
              actions: assign({ cardProblem: 'processorUnavailable' }),
            },
          },
        },
      },
      on: {
        'payment.show': {
          description: 'Goes to the requested step when every earlier step is complete, else to the first incomplete step.',
          target: '.resuming',
          actions: assign({ requestedStep: ({ event }) => event.step }),
        },
      },
    },
    submitting: {
      description:
        'The payment is being made, with the idempotency key. It cannot be left: route changes and back are ignored until the answer comes.',
      tags: ['busy'],
      invoke: {
        id: 'submitPayment',
        src: 'submitPayment',
        input: ({ context }) => toSubmission(context),
        onDone: {
          description: 'Paid: the receipt is kept (also in session storage) and the choices, key and card are cleared.',
          target: 'receipt',
          actions: [
            assign({
              receipt: ({ event }) => event.output,
              choices: {},
              confirmed: false,
              idempotencyKey: null,
              card: null,
              cardProblem: null,
              failure: null,
            }),
            persist,
          ],
        },
        onError: [
          {
            description: 'The card was declined or lacks funds: back to the card step with the reason; choices and billing are kept.',
            guard: { type: 'isCardRefused', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            target: '#payment.paying.card',
            actions: assign({
              cardProblem: ({ event }) => (toPaymentFailureCode(event.error) === 'insufficientFunds' ? 'insufficientFunds' : 'cardDeclined'),
              card: null,
              failure: null,
            }),
          },
          {
            description: 'The session ended: the payer signs in again and finds the progress kept.',
            guard: { type: 'isSessionEnded', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            target: 'sessionEnded',
            actions: assign({ failure: 'notSignedIn' }),
          },
          {
            description: 'The server or the network failed, or the server refused the payment: the failure code says which.',
            target: 'submitFailed',
            actions: assign({ failure: ({ event }) => toPaymentFailureCode(event.error) }),
          },
        ],
      },
    },
    submitFailed: {
      description:
        'The payment failed for another reason than the card. Retrying sends the same request with the same key and token, so a payment that did go through is never charged twice.',
      on: {
        'payment.retry': {
          description: 'Sends the same payment again: same key, same token, same amounts and billing.',
          target: 'submitting',
          actions: assign({ failure: null }),
        },
        'payment.startOver': {
          description: 'Gives up this payment: the progress is cleared and the account loaded again (its balances may have changed).',
          target: 'loadingAccount',
          actions: [assign({ ...clearedProgress, requestedStep: 'amounts' }), { type: 'persistProgress', params: null }],
        },
      },
    },
    sessionEnded: {
      description: 'The session ended while paying: the payer is sent to sign in; the progress is already stored.',
      entry: 'requestSignIn',
    },
    receipt: {
      description: 'Step "receipt": the payment went through. A reload shows the stored receipt again.',
      on: {
        'payment.show': [
          { description: 'Already on this page.', guard: { type: 'isShowing', params: { step: 'receipt' } } },
          {
            description: 'Another step after paying starts over: the balances changed, so the account is loaded again.',
            target: 'loadingAccount',
            actions: [
              assign(({ event }) => ({ ...clearedProgress, requestedStep: event.step })),
              { type: 'persistProgress', params: null },
            ],
          },
        ],
        'payment.startOver': {
          description: 'Clears the progress (also in session storage) and loads the account again for a new payment.',
          target: 'loadingAccount',
          actions: [assign({ ...clearedProgress, requestedStep: 'amounts' }), { type: 'persistProgress', params: null }],
        },
      },
    },
  },
});

export type PaymentMachine = typeof paymentMachine;
