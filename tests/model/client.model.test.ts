import { clientMachine } from '@machines/client/client.machine';
import { selectClient, selectIsUnknownClient } from '@machines/client/client.selectors';
import type { Client, StoredClientLinks } from '@machines/client/client.types';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const sunrise: Client = {
  code: 'SUN',
  name: 'Sunrise Laboratories',
  logoUrl: '/logos/sun.svg',
  theme: 'sunrise',
  billingGroup: null,
  acceptsOnlinePayments: true,
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

const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('client machine model paths', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('client');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
