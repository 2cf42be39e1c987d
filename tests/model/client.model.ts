import { clientMachine } from '@machines/client/client.machine';
import { selectClient, selectIsUnknownClient } from '@machines/client/client.selectors';
import type { Client, StoredClientLinks } from '@machines/client/client.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const sunrise: Client = {
  code: 'SUN',
  name: 'Sunrise Laboratories',
  logoUrl: '/logos/sun.svg',
  theme: 'sunrise',
  billingGroup: null,
  acceptsOnlinePayments: true,
  patientAppUrl: 'https://app.sunriselabs.example/',
};
const themes: string[] = [];
const storedLinks: StoredClientLinks[] = [];

const machine = clientMachine.provide({
  actors: {
    lookUpClient: fromPromise(() => never<Client>()),
    fetchClientUrl: fromPromise(() => never<string>()),
    fetchClientLinks: fromPromise(() => never<string>()),
  },
  actions: {
    applyTheme: (_, { theme }) => themes.push(theme),
    storeClientLinks: (_, links) => storedLinks.push(links),
  },
});

const spec: ModelSpec<typeof machine> = {
  machine,
  events: [
    { type: 'client.select', code: 'SUN' },
    { type: 'client.select', code: 'sun' },
    { type: 'client.select', code: 'QQQ' },
    { type: 'client.clear' },
    { type: 'xstate.done.actor.lookUpClient', output: sunrise },
    { type: 'xstate.error.actor.lookUpClient', error: { code: 'notFound' } },
    { type: 'xstate.done.actor.fetchClientUrl', output: 'https://www.sunriselabs.example/' },
    { type: 'xstate.error.actor.fetchClientUrl', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchClientLinks', output: 'https://payments.example.org/harbor' },
    { type: 'xstate.error.actor.fetchClientLinks', error: new Error('offline') },
    { type: 'client.setBillingGroup', billingGroup: '48' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      code: snapshot.context.requested?.code.toUpperCase(),
      group: snapshot.context.requested?.billingGroup,
      url: snapshot.context.clientUrl,
      link: snapshot.context.externalCCLink,
    }),
  assertSnapshot: (snapshot) => {
    expect(selectClient(snapshot) !== null).toBe(snapshot.matches('selected'));
    expect(selectIsUnknownClient(snapshot)).toBe(snapshot.matches('unknown'));
    if (snapshot.matches('none') || snapshot.matches('unknown')) expect(themes.at(-1)).toBe('default');
    if (snapshot.matches('selected')) expect(themes.at(-1)).toBe(snapshot.context.client?.theme);
    if (snapshot.matches('resolving')) expect(snapshot.context.acceptsOnlinePayments).toBe(true);
    if (snapshot.context.externalCCLink !== '') expect(storedLinks.at(-1)?.externalCCLink).toBe(snapshot.context.externalCCLink);
  },
};

/** The client (tenant) whose look the portal wears. */
export const clientModel = defineModel({
  name: 'client',
  title: 'Client',
  machine,
  variants: [{ name: 'a page opened', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'client.select':
        return `Opens a page under the client code ${event.code}`;
      case 'client.clear':
        return 'Opens a page without a client code';
      case 'client.setBillingGroup':
        return `The billing group becomes ${event.billingGroup ?? 'none'}`;
      case 'xstate.done.actor.lookUpClient':
        return `The client is found: ${(event.output as Client).name}`;
      case 'xstate.error.actor.lookUpClient':
        return `The client lookup fails (${errorCode(event.error)})`;
      case 'xstate.done.actor.fetchClientUrl':
        return `The client's address arrives: ${String(event.output)}`;
      case 'xstate.error.actor.fetchClientUrl':
        return `The client's address cannot be fetched (${errorCode(event.error)})`;
      case 'xstate.done.actor.fetchClientLinks':
        return `The client's external card page arrives: ${String(event.output)}`;
      case 'xstate.error.actor.fetchClientLinks':
        return `The client's links cannot be fetched (${errorCode(event.error)})`;
      default:
        return event.type;
    }
  },
});
