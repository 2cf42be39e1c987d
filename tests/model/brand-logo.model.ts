import { brandLogoMachine } from '@machines/console/brand-logo.machine';
import { type StoredLogo } from '@machines/console/brand-logo.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = brandLogoMachine.provide({ actors: { upload: fromPromise(() => never<StoredLogo>()), remove: fromPromise(() => never<StoredLogo>()) } });

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const file = new Blob(['logo']);
const stored: StoredLogo = { url: '/api/clients/JAD/logo?v=abc' };

const events: Spec['events'] = [
  { type: 'logo.choose', logo: { name: 'logo.png', size: 20_000, type: 'image/png', file } },
  { type: 'logo.choose', logo: { name: 'logo.gif', size: 20_000, type: 'image/gif', file } },
  { type: 'logo.choose', logo: { name: 'huge.png', size: 5_000_000, type: 'image/png', file } },
  { type: 'logo.remove' },
  { type: 'logo.confirm' },
  { type: 'logo.cancel' },
  { type: 'xstate.done.actor.upload', output: stored },
  { type: 'xstate.error.actor.upload', error: { code: 'logoTooManyPixels' } },
  { type: 'xstate.error.actor.upload', error: { code: 'network' } },
  { type: 'xstate.done.actor.remove', output: { url: null } },
  { type: 'xstate.error.actor.remove', error: { code: 'expired' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, logo: context.logo.url !== null, refusal: context.refusal, failure: context.failure, notice: context.notice });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('uploading') || snapshot.matches('removing'));
  // Only a PNG or SVG of at most 1 MB is ever sent.
  if (snapshot.matches('uploading')) expect(snapshot.context.pending).not.toBeNull();
  // One outcome shows at a time.
  expect([snapshot.context.refusal, snapshot.context.failure, snapshot.context.notice].filter((each) => each !== null).length).toBeLessThanOrEqual(1);
};

/** An office admin uploads or removes the logo. */
export const brandLogoModel = defineModel({
  name: 'brand-logo',
  title: 'Billing office branding: logo',
  machine,
  variants: [
    { name: 'the branding page of a lab without a logo', spec: { machine, input: { logo: { url: null } }, events, serializeState, assertSnapshot } },
  ],
  describeEvent: (event) => {
    switch (event.type) {
      case 'logo.choose':
        return `Chooses the file ${event.logo.name} (${event.logo.type}, ${String(event.logo.size)} bytes)`;
      case 'logo.remove':
        return 'Chooses Remove the logo';
      case 'logo.confirm':
        return 'Confirms the removal';
      case 'logo.cancel':
        return 'Keeps the logo';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The call is done';
        if ('error' in event) return `The call fails (${errorCode(event.error)})`;
        return event.type;
    }
  },
});
