/**
 * The payment machine's effects, in one place: the account and payment calls (with the actor's
 * abort signal), what their failures mean to the wizard, the check of the client's card link,
 * session storage, navigation, and the processor's card-fields protocol. It lives in the payment
 * feature because the payment code loads only with the payment pages.
 */
import type { paymentMachine } from '@machines/payment/payment.machine';
import type { CardFieldsRequest, PaymentEvent, PaymentFailure, PaymentStart, StoredPayment } from '@machines/payment/payment.types';
import { maxCardFieldsHeight, processorMessageSchema } from '@contracts/processor';
import * as v from 'valibot';
import { fromCallback, fromPromise, type MachineImplementationsFrom, type NonReducibleUnknown } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { toExternalUrl } from '@/lib/safe-redirect';
import type { CardFrame } from './card-frame';
import { forgetSavedBillingAddress, loadPaymentStart, makePayment } from './payment-api';
import { writeStoredPayment } from './stored-payment';

/** What a failed call means to the wizard. */
export function toPaymentFailure(error: unknown): CallError<PaymentFailure['code']> {
  const code = error instanceof ApiError ? error.code : 'serverError';
  switch (code) {
    case 'cardDeclined':
    case 'insufficientFunds':
    case 'notSignedIn':
    case 'accountDisabled':
      return new CallError(code, {}, { cause: error });
    // The balances the payer saw are no longer the server's (a payment made elsewhere).
    case 'amountExceedsBalance':
    case 'invoiceNotOpen':
      return new CallError('balanceChanged', {}, { cause: error });
    case 'network':
    case 'serverError':
    case 'malformedResponse':
      return new CallError('serverError', {}, { cause: error });
    default:
      return new CallError('rejected', {}, { cause: error });
  }
}

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toPaymentFailure(error);
  }
}

export interface PaymentDeps {
  cardFrame: CardFrame;
  /** The card processor's origin: only its messages, from its frame, are believed. */
  processorOrigin: string;
  /** Where the processor's messages arrive: the page's window. */
  messages: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Sends the payer to sign in, coming back to `redirect`. */
  navigateToSignIn(redirect: string): void;
  /** The current path, to come back to after signing in. */
  currentPath(): string;
  /** Leaves the portal for an address already checked to be http(s). */
  leaveTo(url: string): void;
  /** Session storage of the progress. */
  saveProgress?: (progress: StoredPayment | null) => void;
  /** The account the page was rendered with: the first load takes it instead of asking again. */
  loaded?: PaymentStart;
}

/**
 * The card-fields protocol, both halves, for as long as the card step shows: the machine's request
 * for a token goes to the processor's frame only, on its origin; the page's messages, believed only
 * from its frame, go back to the machine; the page's height goes to the frame instead.
 */
function cardFieldsActor({ cardFrame, processorOrigin, messages }: PaymentDeps) {
  return fromCallback<CardFieldsRequest, NonReducibleUnknown, PaymentEvent>(({ receive, sendBack }) => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== processorOrigin || event.source === null || event.source !== cardFrame.window()) return;
      const parsed = v.safeParse(processorMessageSchema, event.data);
      if (!parsed.success) return;
      const { type, token, brand, last4, height } = parsed.output;
      if (type === 'processor.height') {
        // Only the view changes: the frame takes its page's height, so no message is cut off (a
        // taller page than any real one is a broken page, and is not followed).
        if (height !== undefined && height <= maxCardFieldsHeight) cardFrame.resize(height);
      } else if (type === 'processor.ready') {
        cardFrame.markReady();
        sendBack({ type: 'payment.cardFieldsReady' });
      } else if (type === 'processor.token') {
        sendBack(token && brand && last4 ? { type: 'payment.cardTokenized', card: { token, brand, last4 } } : { type: 'payment.cardFailed' });
      } else if (type === 'processor.invalid') {
        sendBack({ type: 'payment.cardInvalid' });
      } else {
        sendBack({ type: 'payment.cardFailed' });
      }
    }
    receive(() => {
      const frame = cardFrame.window();
      if (frame) frame.postMessage({ type: 'processor.tokenize' }, processorOrigin);
      else sendBack({ type: 'payment.cardFailed' });
    });
    messages.addEventListener('message', onMessage);
    const stopWatching = cardFrame.onReplaced(() => sendBack({ type: 'payment.cardFieldsLoading' }));
    if (cardFrame.isReady()) sendBack({ type: 'payment.cardFieldsReady' });
    // A page that loaded while nobody listened (a new language during a payment) says again that it is ready.
    else cardFrame.window()?.postMessage({ type: 'processor.ping' }, processorOrigin);
    return () => {
      messages.removeEventListener('message', onMessage);
      stopWatching();
    };
  });
}

/** Creates the payment machine's implementations over the app's services. */
export function createPaymentImplementations(deps: PaymentDeps): MachineImplementationsFrom<typeof paymentMachine> {
  const saveProgress = deps.saveProgress ?? writeStoredPayment;
  let loaded = deps.loaded ?? null;
  return {
    actors: {
      loadAccount: fromPromise(({ signal }) => {
        const known = loaded;
        // Only the first load: Try again, a new payment and a changed balance ask the server.
        loaded = null;
        return known ? Promise.resolve(known) : mapped(() => loadPaymentStart({ signal }));
      }),
      submitPayment: fromPromise(({ input, signal }) =>
        mapped(() =>
          makePayment(
            input.idempotencyKey,
            { lines: input.lines, cardToken: input.cardToken, billing: input.billing, rememberAddress: input.rememberAddress },
            { signal },
          ),
        ),
      ),
      cardFields: cardFieldsActor(deps),
    },
    actions: {
      persistProgress: (_, progress) => saveProgress(progress),
      // Should the call fail, the payment says it again (rememberAddress false), and forgets it then.
      forgetSavedAddress: () => void forgetSavedBillingAddress().catch(() => undefined),
      openExternalCardPage: (_, { url }) => {
        const checked = toExternalUrl(url);
        if (checked) deps.leaveTo(checked);
      },
      // The session ended during the payment: sign in again and come back to this page.
      requestSignIn: () => deps.navigateToSignIn(deps.currentPath()),
    },
  };
}
