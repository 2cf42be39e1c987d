import type { Receipt } from '@contracts/payments';
import { appActor } from '@machines/app/app-system';
import { appSystemIds } from '@machines/app/app.types';
import { assign, fromCallback, fromPromise, sendTo, setup, type NonReducibleUnknown } from 'xstate';
import { decidePayTarget, type PayTarget } from './pay-target';
import {
  clearedProgress,
  compareBalances,
  progressAfterBalanceRefusal,
  resumeProgress,
  toPaymentFailureCode,
  toStoredPayment,
  toSubmission,
  withChoice,
} from './payment.progress';
import { areAmountsValid, isBillingValid, openInvoices, resumeStep, type WizardStep } from './payment.rules';
import type {
  CardFieldsRequest,
  ParsedAmount,
  PaymentContext,
  PaymentEvent,
  PaymentFailureCode,
  PaymentInput,
  PaymentStart,
  PaymentStep,
  PaymentSubmission,
  PaymentTag,
  StoredPayment,
} from './payment.types';

export { emptyBilling, toPaymentFailureCode, toStoredPayment } from './payment.progress';

const persist = { type: 'persistProgress', params: ({ context }: { context: PaymentContext }) => toStoredPayment(context) } as const;
const forgetProgress = { type: 'persistProgress', params: null } as const;

/** Where the loaded account's client takes payment, as the rest of the portal decides it. */
const payTargetOf = (context: PaymentContext): PayTarget['kind'] =>
  decidePayTarget({ mayPay: true, acceptsOnlinePayments: context.acceptsOnlinePayments, externalCardLink: context.externalCardLink }).kind;

/**
 * The online payment wizard: choose amounts, confirm them, give the billing information, pay by
 * card, see the receipt. Progress is kept in session storage (the `persistProgress` action) so a
 * reload resumes where the payer was; every effect is provided by the app with
 * `paymentMachine.provide(createPaymentImplementations(deps))`.
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
    /**
     * The processor's card page in its frame, for as long as the card step shows: both halves of
     * its protocol. It asks the page for a token when the machine says so, and reports when the
     * page is ready, the token, invalid fields and failures. Leaving the card step stops it.
     */
    cardFields: fromCallback<CardFieldsRequest, NonReducibleUnknown, PaymentEvent>(() => () => {}),
  },
  actions: {
    persistProgress: (_, _progress: StoredPayment | null) => {},
    openExternalCardPage: (_, _params: { url: string }) => {},
    /** The server ended the session: the session (found by its system id) asks the server again, or the sign-in page would send the payer, still signed in as far as the page knew, straight back. */
    recheckSession: sendTo(appActor(appSystemIds.session), { type: 'session.recheck' }),
    requestSignIn: () => {},
    /** Forgets the address remembered for the payer, on the server (the box unticked). */
    forgetSavedAddress: () => {},
    assignIdempotencyKey: assign({ idempotencyKey: () => crypto.randomUUID() }),
    /** Asks the processor's card page for a token of the card (its answer comes back from `cardFields`). */
    askForCardToken: sendTo('cardFields', { type: 'cardFields.tokenize' } satisfies CardFieldsRequest),
    rememberRequestedStep: assign((_, params: { step: PaymentStep }) => ({ requestedStep: params.step })),
    rememberShownStep: assign((_, params: { step: PaymentStep }) => ({ shownStep: params.step })),
    keepLoadedAccount: assign(({ context }, { start }: { start: PaymentStart }) => ({
      account: start.account,
      acceptsOnlinePayments: start.acceptsOnlinePayments,
      externalCardLink: start.externalCardLink,
      savedAddress: start.savedAddress,
      failure: null,
      ...resumeProgress(context, start),
      stored: null,
      balancesSeen: null,
      balanceChange: context.balancesSeen === null ? null : compareBalances(context.balancesSeen, start.account),
    })),
    reloadAfterBalanceChange: assign(({ context }) => progressAfterBalanceRefusal(context)),
    forgetBalanceChange: assign({ balanceChange: null }),
    keepFailure: assign((_, params: { code: PaymentFailureCode }) => ({ failure: params.code })),
    clearFailure: assign({ failure: null }),
    chooseInvoice: assign(({ context }, params: { invoiceNumber: string; selected: boolean }) => ({
      choices: withChoice(context, params.invoiceNumber, params.selected ? { mode: 'full' } : null),
      confirmed: false,
    })),
    payInvoiceInFull: assign(({ context }, params: { invoiceNumber: string }) => ({
      choices: withChoice(context, params.invoiceNumber, { mode: 'full' }),
      confirmed: false,
    })),
    payInvoicePart: assign(({ context }, params: { invoiceNumber: string; text: string; amount: ParsedAmount }) => ({
      choices: withChoice(context, params.invoiceNumber, { mode: 'part', text: params.text, amount: params.amount }),
      confirmed: false,
    })),
    showAmountErrors: assign({ showAmountErrors: true }),
    hideAmountErrors: assign({ showAmountErrors: false }),
    confirmAmounts: assign({ confirmed: true }),
    updateBillingField: assign(({ context }, params: { field: keyof PaymentContext['billing']; value: string }) => ({
      billing: { ...context.billing, [params.field]: params.value },
    })),
    useAccountDetails: assign(({ context }) => ({
      billing: {
        ...context.billing,
        ...context.savedAddress,
        payerName: context.account?.holderName ?? context.billing.payerName,
        email: context.accountEmail ?? context.billing.email,
      },
    })),
    keepRememberChoice: assign((_, params: { remember: boolean }) => ({ rememberAddress: params.remember })),
    dropSavedAddress: assign({ savedAddress: null }),
    showBillingErrors: assign({ showBillingErrors: true }),
    hideBillingErrors: assign({ showBillingErrors: false }),
    clearCardProblem: assign({ cardProblem: null }),
    keepCard: assign((_, params: { card: NonNullable<PaymentContext['card']> }) => ({ card: params.card })),
    markProcessorUnavailable: assign({ cardProblem: 'processorUnavailable' }),
    keepReceipt: assign((_, params: { receipt: Receipt }) => ({
      receipt: params.receipt,
      choices: {},
      confirmed: false,
      idempotencyKey: null,
      card: null,
      cardProblem: null,
      failure: null,
    })),
    keepCardRefusal: assign((_, params: { code: PaymentFailureCode }) => ({
      cardProblem: params.code === 'insufficientFunds' ? ('insufficientFunds' as const) : ('cardDeclined' as const),
      card: null,
      failure: null,
    })),
    clearProgress: assign((_, params: { requestedStep: PaymentStep }) => ({ ...clearedProgress, requestedStep: params.requestedStep })),
  },
  guards: {
    isPayTarget: ({ context }, params: { kind: PayTarget['kind'] }) => payTargetOf(context) === params.kind,
    hasRequestedReceipt: ({ context }) => context.requestedStep === 'receipt' && context.receipt !== null,
    hasNothingDue: ({ context }) => openInvoices(context.account).length === 0,
    isResumeStep: ({ context }, params: { step: WizardStep }) => resumeStep(context, context.requestedStep) === params.step,
    isAnotherStep: ({ context, event }) => event.type === 'payment.show' && event.step !== context.shownStep,
    isOpenInvoice: ({ context, event }) =>
      'invoiceNumber' in event && openInvoices(context.account).some((invoice) => invoice.invoiceNumber === event.invoiceNumber),
    hasValidAmounts: ({ context }) => areAmountsValid(context.choices, context.account),
    hasValidBilling: ({ context }) => isBillingValid(context.billing),
    isCardRefused: (_, params: { code: PaymentFailureCode }) => params.code === 'cardDeclined' || params.code === 'insufficientFunds',
    isSessionEnded: (_, params: { code: PaymentFailureCode }) => params.code === 'notSignedIn',
    isBalanceChanged: (_, params: { code: PaymentFailureCode }) => params.code === 'balanceChanged',
    hasBalanceChange: ({ context }) => context.balanceChange !== null,
    isRemembering: (_, params: { remember: boolean }) => params.remember,
  },
}).createMachine({
  id: 'payment',
  description:
    'The online payment wizard: choose the amounts, confirm them, give the billing information, pay by card, see the receipt; or, where the client takes payment elsewhere, send the payer there.',
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
        "Loads the account's open invoices and whether (and where) the client takes card payments. Stored progress waits until it can be checked against the account; so does a payment the server refused because a balance changed.",
      meta: { requirements: ['PAY-2', 'PAY-17'] },
      tags: ['busy'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: {
          description:
            'Keeps the account; stored progress of another account is dropped, choices for invoices no longer open are dropped, the rest (typed text included) is kept. Without progress every open invoice is chosen in full. After a payment refused because a balance changed, the balances the payer saw are compared with the new ones, to tell which invoices changed or closed.',
          target: 'routing',
          actions: { type: 'keepLoadedAccount', params: ({ event }) => ({ start: event.output }) },
          meta: { requirements: ['PAY-5', 'PAY-17', 'PAY-24'] },
        },
        onError: {
          description: 'The account could not be loaded (the server, the network, the session, or a disabled account): the failure code is kept.',
          target: 'loadFailed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
          meta: { requirements: ['PAY-21'] },
        },
      },
      on: {
        'payment.show': {
          description: 'The route changed while loading: the wizard opens on the newly requested step.',
          actions: { type: 'rememberRequestedStep', params: ({ event }) => event },
          meta: { requirements: ['PAY-3'] },
        },
      },
    },
    loadFailed: {
      description: 'The account could not be loaded; the failure code says why, and the payer may try again where that can help.',
      meta: { requirements: ['PAY-21'] },
      on: {
        'payment.retry': {
          description: 'The payer tries again: the account loads again.',
          target: 'loadingAccount',
          actions: 'clearFailure',
          meta: { requirements: ['PAY-21'] },
        },
        'payment.show': {
          description: 'The route changed: that step opens once the account loads.',
          actions: { type: 'rememberRequestedStep', params: ({ event }) => event },
          meta: { requirements: ['PAY-3'] },
        },
      },
    },
    routing: {
      description: 'Decides, once the account is known, which page the payer sees: where the client takes payment, as everywhere in the portal (pay target).',
      meta: { requirements: ['PAY-2'] },
      always: [
        {
          description: 'The client does not accept online payments.',
          guard: { type: 'isPayTarget', params: { kind: 'otherWays' } },
          target: 'noOnlinePayments',
          meta: { requirements: ['PAY-2', 'PAY-19'] },
        },
        {
          description: 'The client takes card payments on its own external page: the browser goes there.',
          guard: { type: 'isPayTarget', params: { kind: 'externalCardPage' } },
          target: 'externalCardPage',
          meta: { requirements: ['PAY-2', 'PAY-18'] },
        },
        {
          description: 'The receipt page was reloaded and the receipt is in the stored progress.',
          guard: 'hasRequestedReceipt',
          target: '#payment.afterSubmitting.receipt',
          meta: { requirements: ['PAY-17'] },
        },
        { description: 'The account has no open invoice.', guard: 'hasNothingDue', target: 'nothingDue', meta: { requirements: ['PAY-20'] } },
        {
          description: 'Into the wizard at the requested step when every earlier step is complete, else at the first incomplete step.',
          target: 'paying',
          actions: persist,
          meta: { requirements: ['PAY-2', 'PAY-4'] },
        },
      ],
    },
    externalCardPage: {
      description: "The client's external card page takes the payment: the browser is sent there.",
      meta: { requirements: ['PAY-18'] },
      entry: { type: 'openExternalCardPage', params: ({ context }) => ({ url: context.externalCardLink }) },
    },
    noOnlinePayments: {
      description: "The client does not accept online payments: the page offers the client's other ways to pay.",
      meta: { requirements: ['PAY-19'] },
    },
    nothingDue: {
      description: 'The account has no open invoice: nothing to pay.',
      meta: { requirements: ['PAY-20'] },
    },
    paying: {
      description:
        'The wizard pages before paying. A route change (payment.show) to another page goes to the requested step when every earlier step is complete, otherwise to the first incomplete step.',
      meta: { requirements: ['PAY-3'] },
      initial: 'resuming',
      states: {
        resuming: {
          description: 'Picks the page: the requested step if every earlier step is complete, else the first incomplete step.',
          meta: { requirements: ['PAY-4'] },
          always: [
            {
              description: 'After a payment refused because a balance changed, the amounts show first, whatever page was asked for: the payer checks them against the new balances.',
              guard: 'hasBalanceChange',
              target: 'choosingAmounts',
              meta: { requirements: ['PAY-24'] },
            },
            {
              description: 'The card step, asked for with every earlier step complete.',
              guard: { type: 'isResumeStep', params: { step: 'card' } },
              target: 'card',
              meta: { requirements: ['PAY-4'] },
            },
            {
              description: 'The billing information, asked for (or the first incomplete step).',
              guard: { type: 'isResumeStep', params: { step: 'information' } },
              target: 'enteringBillingInformation',
              meta: { requirements: ['PAY-4'] },
            },
            {
              description: 'The confirmation, asked for (or the first incomplete step).',
              guard: { type: 'isResumeStep', params: { step: 'confirmation' } },
              target: 'confirming',
              meta: { requirements: ['PAY-4'] },
            },
            { description: 'Otherwise the amounts.', target: 'choosingAmounts', meta: { requirements: ['PAY-4'] } },
          ],
        },
        choosingAmounts: {
          description:
            'Step "amounts": the payer picks the invoices to pay, each in full or in part. Any change means the amounts must be confirmed again. After a payment refused because a balance changed, the page says which invoices changed until the payer leaves it.',
          meta: { requirements: ['PAY-5', 'PAY-6', 'PAY-7'] },
          entry: { type: 'rememberShownStep', params: { step: 'amounts' } },
          exit: 'forgetBalanceChange',
          on: {
            'payment.selectInvoice': {
              description: 'Choosing an open invoice pays it in full; unchoosing it removes it from the payment. An invoice that is not open cannot be chosen.',
              guard: 'isOpenInvoice',
              actions: [{ type: 'chooseInvoice', params: ({ event }) => event }, persist],
              meta: { requirements: ['PAY-5', 'PAY-17'] },
            },
            'payment.payInFull': {
              description: 'Pays the whole balance of an open invoice.',
              guard: 'isOpenInvoice',
              actions: [{ type: 'payInvoiceInFull', params: ({ event }) => event }, persist],
              meta: { requirements: ['PAY-5', 'PAY-17'] },
            },
            'payment.payPart': {
              description:
                "Pays part of an open invoice: the text is kept exactly as typed, with what the view read from it in the payer's language (the cents, or that it is not an amount or is ambiguous).",
              guard: 'isOpenInvoice',
              actions: [{ type: 'payInvoicePart', params: ({ event }) => event }, persist],
              meta: { requirements: ['PAY-6', 'PAY-17', 'DEC-3'] },
            },
            'payment.continue': [
              {
                description:
                  "At least one invoice is chosen, and every typed amount reads as one in the payer's language (not ambiguous), above zero and at most its balance.",
                guard: 'hasValidAmounts',
                target: 'confirming',
                actions: 'hideAmountErrors',
                meta: { requirements: ['PAY-6', 'PAY-7'] },
              },
              {
                description: 'Some amount cannot be paid (or nothing is chosen): the errors show and the payer stays.',
                actions: 'showAmountErrors',
                meta: { requirements: ['PAY-6', 'PAY-7'] },
              },
            ],
          },
        },
        confirming: {
          description: 'Step "confirmation": the payer checks the invoices and amounts before giving the billing information.',
          meta: { requirements: ['PAY-8'] },
          entry: { type: 'rememberShownStep', params: { step: 'confirmation' } },
          on: {
            'payment.back': { description: 'Back to the amounts.', target: 'choosingAmounts', meta: { requirements: ['PAY-3'] } },
            'payment.continue': {
              description: 'The payer confirmed the amounts.',
              target: 'enteringBillingInformation',
              actions: ['confirmAmounts', persist],
              meta: { requirements: ['PAY-8', 'PAY-17'] },
            },
          },
        },
        enteringBillingInformation: {
          description: 'Step "information": who pays, the billing address, and where the receipt goes.',
          meta: { requirements: ['PAY-9'] },
          entry: { type: 'rememberShownStep', params: { step: 'information' } },
          on: {
            'payment.updateBilling': {
              description: 'The payer types into a field; what is typed is kept.',
              actions: [{ type: 'updateBillingField', params: ({ event }) => event }, persist],
              meta: { requirements: ['PAY-9', 'PAY-17'] },
            },
            'payment.useAccountDetails': {
              description:
                "Fills the payer's name with the account holder's, the email with the signed-in user's when known, and the address with the one remembered for them, if any.",
              actions: ['useAccountDetails', persist],
              meta: { requirements: ['PAY-9', 'PAY-27'] },
            },
            'payment.rememberAddress': [
              {
                description: 'The payer ticks "Remember this address for next time": the payment will keep this billing address for their next one.',
                guard: { type: 'isRemembering', params: ({ event }) => event },
                actions: [{ type: 'keepRememberChoice', params: { remember: true } }, persist],
                meta: { requirements: ['PAY-27'] },
              },
              {
                description: 'The payer unticks it: the address remembered for them is forgotten at once (on the server too), and this one will not be kept.',
                actions: [{ type: 'keepRememberChoice', params: { remember: false } }, 'forgetSavedAddress', 'dropSavedAddress', persist],
                meta: { requirements: ['PAY-27'] },
              },
            ],
            'payment.continue': [
              {
                description: 'Every required field is filled, within its length, and the email is plausible.',
                guard: 'hasValidBilling',
                target: 'card',
                actions: 'hideBillingErrors',
                meta: { requirements: ['PAY-9'] },
              },
              {
                description: 'Some field is missing or wrong: the errors show and the payer stays.',
                actions: 'showBillingErrors',
                meta: { requirements: ['PAY-9'] },
              },
            ],
            'payment.back': { description: 'Back to the confirmation.', target: 'confirming', meta: { requirements: ['PAY-3'] } },
          },
        },
        card: {
          description:
            "Step \"card\": the processor's page takes the card. Each time the payer arrives here a new idempotency key is made, as the request will carry a new card token.",
          meta: { requirements: ['PAY-10', 'PAY-12'] },
          entry: ['assignIdempotencyKey', { type: 'rememberShownStep', params: { step: 'card' } }],
          invoke: { id: 'cardFields', src: 'cardFields' },
          initial: 'loadingFields',
          states: {
            loadingFields: {
              description: "The processor's card page is loading: Pay waits until it says it is ready.",
              meta: { requirements: ['PAY-11'] },
              on: {
                'payment.cardFieldsReady': {
                  description: "The processor's page is ready: Pay can be used.",
                  target: 'editing',
                  meta: { requirements: ['PAY-11'] },
                },
              },
            },
            editing: {
              description: "The payer types the card into the processor's page.",
              meta: { requirements: ['PAY-10'] },
              on: {
                'payment.pay': {
                  description: "Asks the processor's page for a token of the card.",
                  target: 'tokenizing',
                  actions: 'clearCardProblem',
                  meta: { requirements: ['PAY-10', 'PAY-11'] },
                },
              },
            },
            tokenizing: {
              description: "Waiting for the processor's token. Another Pay is ignored here, so a double click charges once.",
              meta: { requirements: ['PAY-11'] },
              tags: ['busy'],
              entry: 'askForCardToken',
              on: {
                'payment.cardTokenized': {
                  description: 'The processor gave a token (with the brand and the last four digits): the payment is sent.',
                  target: '#payment.submitting',
                  actions: { type: 'keepCard', params: ({ event }) => ({ card: event.card }) },
                  meta: { requirements: ['PAY-10'] },
                },
                'payment.cardInvalid': {
                  description: "The card fields are not valid; the processor's page says which.",
                  target: 'editing',
                  meta: { requirements: ['PAY-10'] },
                },
              },
            },
          },
          on: {
            'payment.back': {
              description: 'Back to the billing information.',
              target: 'enteringBillingInformation',
              actions: 'clearCardProblem',
              meta: { requirements: ['PAY-3'] },
            },
            'payment.cardFieldsLoading': {
              description: "The processor's page loads again (another language): Pay waits for it.",
              target: '.loadingFields',
              meta: { requirements: ['PAY-25'] },
            },
            'payment.cardFailed': {
              description: "The processor's page failed: the payer is told it is unavailable.",
              target: '.editing',
              actions: 'markProcessorUnavailable',
              meta: { requirements: ['PAY-25'] },
            },
          },
        },
      },
      on: {
        'payment.show': {
          description: 'Another page asked for: it opens when every earlier step is complete, else the first incomplete step. The page on screen asked for again changes nothing.',
          guard: 'isAnotherStep',
          target: '.resuming',
          actions: { type: 'rememberRequestedStep', params: ({ event }) => event },
          meta: { requirements: ['PAY-3', 'PAY-4'] },
        },
      },
    },
    submitting: {
      description:
        'The payment is being made, with the idempotency key. It cannot be left: route changes and Back are ignored until the answer comes.',
      meta: { requirements: ['PAY-12', 'PAY-26'] },
      tags: ['busy'],
      invoke: {
        id: 'submitPayment',
        src: 'submitPayment',
        input: ({ context }) => toSubmission(context),
        onDone: {
          description: 'Paid: the receipt is kept (also in session storage) and the choices, key and card are cleared.',
          target: '#payment.afterSubmitting.receipt',
          actions: [{ type: 'keepReceipt', params: ({ event }) => ({ receipt: event.output }) }, persist],
          meta: { requirements: ['PAY-16', 'PAY-17'] },
        },
        onError: [
          {
            description: 'The card was declined or lacks funds: back to the card step with the reason; choices and billing are kept.',
            guard: { type: 'isCardRefused', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            target: '#payment.paying.card',
            actions: { type: 'keepCardRefusal', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            meta: { requirements: ['PAY-13'] },
          },
          {
            description: 'The session ended: the payer signs in again and finds the progress kept.',
            guard: { type: 'isSessionEnded', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            target: 'sessionEnded',
            actions: { type: 'keepFailure', params: { code: 'notSignedIn' } },
            meta: { requirements: ['PAY-15'] },
          },
          {
            description:
              "The server refused the payment because an invoice's balance changed since the amounts were chosen (a payment made elsewhere): nothing was charged. The account is loaded again and the payer goes back to the amounts, told what changed, with every choice and the billing information kept (an invoice no longer open drops out); the card must be entered again.",
            guard: { type: 'isBalanceChanged', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            target: 'loadingAccount',
            actions: 'reloadAfterBalanceChange',
            meta: { requirements: ['PAY-24'] },
          },
          {
            description: 'The server or the network failed, or the server refused the payment: the failure code says which.',
            target: '#payment.afterSubmitting.submitFailed',
            actions: { type: 'keepFailure', params: ({ event }) => ({ code: toPaymentFailureCode(event.error) }) },
            meta: { requirements: ['PAY-14'] },
          },
        ],
      },
    },
    sessionEnded: {
      description: 'The session ended while paying: the payer is sent to sign in; the progress is already stored.',
      meta: { requirements: ['PAY-15'] },
      entry: ['recheckSession', 'requestSignIn'],
    },
    afterSubmitting: {
      description:
        'The payment was sent: it went through (receipt), or whether it did is not known (submit failed). Either way the payer may start a new payment.',
      meta: { requirements: ['PAY-22'] },
      initial: 'receipt',
      states: {
        submitFailed: {
          description:
            'The payment failed for another reason than the card. Retrying sends the same request with the same key and token, so a payment that did go through is never charged twice.',
          meta: { requirements: ['PAY-14'] },
          on: {
            'payment.retry': {
              description: 'Sends the same payment again: same key, same token, same amounts and billing.',
              target: '#payment.submitting',
              actions: 'clearFailure',
              meta: { requirements: ['PAY-12', 'PAY-14'] },
            },
          },
        },
        receipt: {
          description: 'Step "receipt": the payment went through. A reload shows the stored receipt again.',
          meta: { requirements: ['PAY-16', 'PAY-17'] },
          entry: { type: 'rememberShownStep', params: { step: 'receipt' } },
          on: {
            'payment.show': {
              description:
                "A step of the payment just made (the browser's Back) shows the receipt again: a new payment is only ever the payer's explicit choice (Make another payment).",
              meta: { requirements: ['PAY-22'] },
            },
          },
        },
      },
      on: {
        'payment.startOver': {
          description: 'Gives up this payment: the progress is cleared (also in session storage) and the account loaded again, as its balances may have changed.',
          target: 'loadingAccount',
          actions: [{ type: 'clearProgress', params: { requestedStep: 'amounts' } }, forgetProgress],
          meta: { requirements: ['PAY-22'] },
        },
      },
    },
  },
});

export type PaymentMachine = typeof paymentMachine;
