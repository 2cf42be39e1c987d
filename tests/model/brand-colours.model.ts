import { namedPalettes, type BrandColours } from '@contracts/branding';
import { shownProblems } from '@machines/form/form.rules';
import { brandColoursMachine, colourProblems } from '@machines/console/brand-colours.machine';
import { colourFields } from '@machines/console/brand-colours.types';
import { draftContrastProblems, isColourDraftSavable } from '@/console/branding-rules';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = brandColoursMachine.provide({
  actors: { saveColours: fromPromise(() => never<BrandColours>()) },
  guards: { isDraftValid: ({ context }) => isColourDraftSavable(context.draft) },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const saved = { ...namedPalettes.sunrise, brand: '#9a3413' };

const events: Spec['events'] = [
  { type: 'form.edit', field: 'brand', value: '#9a3413' },
  { type: 'form.edit', field: 'brandTint', value: '#475569' },
  { type: 'form.edit', field: 'brandTint', value: 'orange' },
  { type: 'form.edit', field: 'brandTint', value: '' },
  { type: 'form.leave', field: 'brandTint' },
  { type: 'form.submit' },
  { type: 'colours.reset' },
  { type: 'xstate.done.actor.saveColours', output: saved },
  { type: 'xstate.error.actor.saveColours', error: { code: 'contrastTooLow', problems: [{ foreground: 'text', background: 'brandTint', use: 'text', ratio: 2.18, minimum: 4.5 }] } },
  { type: 'xstate.error.actor.saveColours', error: { code: 'refused', fields: { brand: 'invalid' } } },
  { type: 'xstate.error.actor.saveColours', error: { code: 'network' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    draft: context.draft,
    shown: shownProblems(context, colourFields, colourProblems(context.draft)),
    contrast: draftContrastProblems(context.draft).length,
    serverContrast: context.serverContrast.length,
    failure: context.failure,
    saved: context.savedNotice,
    refused: context.refusals > 0,
  });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
  // A save is never sent with a pair below AA or a colour that is not one.
  if (snapshot.matches('saving')) expect(draftContrastProblems(snapshot.context.draft)).toEqual([]);
  if (snapshot.matches('saving')) expect(colourProblems(snapshot.context.draft)).toEqual({});
  // Saved and failed never show together.
  expect(snapshot.context.savedNotice && snapshot.context.failure !== null).toBe(false);
};

/** An office admin changes the theme's colours. */
export const brandColoursModel = defineModel({
  name: 'brand-colours',
  title: 'Billing office branding: colours',
  machine,
  variants: [{ name: 'the branding page opened by an office admin', spec: { machine, input: { colours: namedPalettes.sunrise }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return `Types "${event.value}" as the ${event.field} colour`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Save the colours';
      case 'colours.reset':
        return 'Chooses Undo my changes';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The colours are saved';
        if ('error' in event && errorCode(event.error) === 'refused') return `The server refuses the ${refusedFieldsOf(event.error)}`;
        if ('error' in event) return `The save fails (${errorCode(event.error)})`;
        return event.type;
    }
  },
});
