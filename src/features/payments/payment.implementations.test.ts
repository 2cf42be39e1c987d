/**
 * The payment machine's implementations with fake services: what failures mean to the wizard,
 * which card links pass, and the card-fields protocol (only the processor's frame is believed).
 */
import { paymentMachine } from '@machines/payment/payment.machine';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { CardFrame } from './card-frame';
import { createPaymentImplementations, toPaymentFailure, type PaymentDeps } from './payment.implementations';
import { account } from '@machines/payment/payment.fixtures';
import type { PaymentStart } from '@machines/payment/payment.types';
import type { Receipt } from '@contracts/payments';

const origin = 'https://processor.example';

/** A page window that delivers messages to its listeners, and a frame whose posts are recorded. */
function fakes() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: unknown[] = [];
  const frameWindow = { postMessage: (message: unknown) => posted.push(message) } as unknown as Window;
  const otherWindow = { postMessage: vi.fn() } as unknown as Window;
  let ready = false;
  const replaced = new Set<() => void>();
  const heights: number[] = [];
  const cardFrame: CardFrame = {
    window: () => frameWindow,
    attach: () => undefined,
    markReady: () => {
      ready = true;
    },
    isReady: () => ready,
    resize: (height) => heights.push(height),
    onReplaced: (listener) => {
      replaced.add(listener);
      return () => replaced.delete(listener);
    },
  };
  const messages = {
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  } as unknown as PaymentDeps['messages'];
  const deliver = (data: unknown, from: { origin?: string; source?: Window } = {}) => {
    const event = new MessageEvent('message', { data, origin: from.origin ?? origin });
    Object.defineProperty(event, 'source', { value: from.source ?? frameWindow });
    for (const listener of listeners) listener(event);
  };
  const navigateToSignIn = vi.fn();
  const leaveTo = vi.fn();
  const deps: PaymentDeps = {
    cardFrame,
    processorOrigin: origin,
    messages,
    navigateToSignIn,
    currentPath: () => '/SUN/payment/online/creditcard',
    leaveTo,
    saveProgress: vi.fn(),
  };
  return { deps, navigateToSignIn, leaveTo, deliver, posted, heights, otherWindow, listeners, replace: () => replaced.forEach((listener) => listener()) };
}

const completeProgress = {
  accountNumber: account.accountNumber,
  choices: { 'SUN-100041': { mode: 'full' as const } },
  confirmed: true,
  billing: {
    payerName: 'Pat Doe',
    addressLine1: '1 Main St',
    addressLine2: '',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    country: 'US',
    email: 'pat@example.com',
  },
  rememberAddress: false,
  receipt: null,
};

/** The machine on the card step with the real card-fields actor over the fakes. */
async function onCardStep(world: ReturnType<typeof fakes>) {
  const implementations = createPaymentImplementations(world.deps);
  const actor = createActor(
    paymentMachine.provide({
      ...implementations,
      actors: {
        ...implementations.actors,
        loadAccount: fromPromise(() => Promise.resolve<PaymentStart>({ account, acceptsOnlinePayments: true, externalCardLink: '', savedAddress: null })),
        submitPayment: fromPromise(() => new Promise<Receipt>(() => undefined)),
      },
    }),
    { input: { stored: completeProgress, requestedStep: 'card', accountEmail: null } },
  ).start();
  await waitFor(actor, (s) => s.matches({ paying: 'card' }));
  return actor;
}

describe('the card-fields protocol', () => {
  it('believes only its own frame on the processor origin, and only well-formed messages', async () => {
    const world = fakes();
    const actor = await onCardStep(world);
    world.deliver({ type: 'processor.ready' }, { origin: 'https://evil.example' });
    world.deliver({ type: 'processor.ready' }, { source: world.otherWindow });
    world.deliver({ type: 'processor.ready', token: 42 });
    world.deliver('processor.ready');
    expect(actor.getSnapshot().matches({ paying: { card: 'loadingFields' } })).toBe(true);
    world.deliver({ type: 'processor.ready' });
    expect(actor.getSnapshot().matches({ paying: { card: 'editing' } })).toBe(true);
    actor.stop();
  });

  it('asks a page it has not heard from yet whether it is ready', async () => {
    const world = fakes();
    const actor = await onCardStep(world);
    expect(world.posted).toEqual([{ type: 'processor.ping' }]);
    actor.stop();
  });

  it('asks the frame for a token on Pay, and pays with the token it gives', async () => {
    const world = fakes();
    const actor = await onCardStep(world);
    world.deliver({ type: 'processor.ready' });
    actor.send({ type: 'payment.pay' });
    expect(world.posted).toEqual([{ type: 'processor.ping' }, { type: 'processor.tokenize' }]);
    world.deliver({ type: 'processor.token', token: 'tok_abcdefgh1234', brand: 'visa', last4: '4242' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('submitting')).toBe(true);
    expect(snapshot.context.card).toEqual({ token: 'tok_abcdefgh1234', brand: 'visa', last4: '4242' });
    actor.stop();
  });

  it('lets the payer correct invalid fields, says when the processor fails, and waits again when the page is replaced', async () => {
    const world = fakes();
    const actor = await onCardStep(world);
    world.deliver({ type: 'processor.ready' });
    actor.send({ type: 'payment.pay' });
    world.deliver({ type: 'processor.invalid' });
    expect(actor.getSnapshot().matches({ paying: { card: 'editing' } })).toBe(true);
    world.deliver({ type: 'processor.error' });
    expect(actor.getSnapshot().context.cardProblem).toBe('processorUnavailable');
    world.replace();
    expect(actor.getSnapshot().matches({ paying: { card: 'loadingFields' } })).toBe(true);
    expect(world.listeners.size).toBe(1);
    actor.stop();
    expect(world.listeners.size).toBe(0);
  });

  it('sizes the frame to the height its page reports, from its own frame only, without touching the payment', async () => {
    const world = fakes();
    const actor = await onCardStep(world);
    world.deliver({ type: 'processor.ready' });
    actor.send({ type: 'payment.pay' });
    world.deliver({ type: 'processor.height', height: 412 });
    world.deliver({ type: 'processor.height', height: 999 }, { origin: 'https://evil.example' });
    world.deliver({ type: 'processor.height', height: 999 }, { source: world.otherWindow });
    for (const height of [-1, 4001, 12.5, '300']) world.deliver({ type: 'processor.height', height });
    world.deliver({ type: 'processor.height' });
    expect(world.heights).toEqual([412]);
    // Still waiting for the token: a height is no answer to Pay.
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ paying: { card: 'tokenizing' } })).toBe(true);
    expect(snapshot.context.cardProblem).toBeNull();
    actor.stop();
  });

  it('does not wait again for a page that already said it is ready (the card step after a decline)', async () => {
    const world = fakes();
    world.deps.cardFrame.markReady();
    const actor = await onCardStep(world);
    expect(actor.getSnapshot().matches({ paying: { card: 'editing' } })).toBe(true);
    actor.stop();
  });
});

describe('the payment implementations', () => {
  it("turn the api's failures into the wizard's codes", () => {
    expect(toPaymentFailure(new ApiError('cardDeclined', 402)).code).toBe('cardDeclined');
    expect(toPaymentFailure(new ApiError('insufficientFunds', 402)).code).toBe('insufficientFunds');
    expect(toPaymentFailure(new ApiError('accountDisabled', 403)).code).toBe('accountDisabled');
    expect(toPaymentFailure(new ApiError('notSignedIn', 401)).code).toBe('notSignedIn');
    expect(toPaymentFailure(new ApiError('network', null)).code).toBe('serverError');
    expect(toPaymentFailure(new ApiError('malformedResponse', null)).code).toBe('serverError');
    expect(toPaymentFailure(new ApiError('amountExceedsBalance', 422)).code).toBe('balanceChanged');
    expect(toPaymentFailure(new ApiError('invoiceNotOpen', 422)).code).toBe('balanceChanged');
    expect(toPaymentFailure(new ApiError('cardTokenInvalid', 422)).code).toBe('rejected');
    expect(toPaymentFailure(new Error('boom')).code).toBe('serverError');
  });

  it('leave only for an http(s) card page, and sign in again coming back to the page', () => {
    const world = fakes();
    const { actions } = createPaymentImplementations(world.deps);
    const open = actions?.openExternalCardPage as unknown as (args: unknown, params: { url: string }) => void;
    open({}, { url: 'javascript:alert(1)' });
    open({}, { url: 'https://payments.example.org/harbor' });
    expect(world.leaveTo).toHaveBeenCalledTimes(1);
    expect(world.leaveTo).toHaveBeenCalledWith('https://payments.example.org/harbor');
    const signIn = actions?.requestSignIn as unknown as () => void;
    signIn();
    expect(world.navigateToSignIn).toHaveBeenCalledWith('/SUN/payment/online/creditcard');
  });
});

describe('the account the page was rendered with', () => {
  it('is what the first load gives, without a call; every later load asks the server', async () => {
    // No server answers here: a load that asks one fails.
    const start: PaymentStart = { account, acceptsOnlinePayments: true, externalCardLink: '', savedAddress: null };
    const implementations = createPaymentImplementations({ ...fakes().deps, loaded: start });
    const input = { stored: null, requestedStep: 'amounts', accountEmail: null } as const;
    const actor = createActor(paymentMachine.provide(implementations), { input }).start();
    await waitFor(actor, (snapshot) => !snapshot.matches('loadingAccount'));
    expect(actor.getSnapshot().matches({ paying: 'choosingAmounts' })).toBe(true);
    expect(actor.getSnapshot().context.account).toEqual(account);

    const again = createActor(paymentMachine.provide(implementations), { input }).start();
    await waitFor(again, (snapshot) => !snapshot.matches('loadingAccount'));
    expect(again.getSnapshot().matches('loadFailed')).toBe(true);
  });
});
