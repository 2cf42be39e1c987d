/**
 * An office admin changes the lab's four theme colours (`/{client}/office/branding`): each typed as
 * `#rrggbb`, the patients' pages previewed live in them, and saved only when every pair the pages
 * draw reaches WCAG AA contrast (contracts/branding.ts, the rule the server applies too). A pair
 * the server still finds too close (or a colour it refuses) shows as the rules' would.
 */
import type { BrandColours, ColourName, ContrastProblem } from '@contracts/branding';
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import type { ColourProblem, BrandColoursFailure, BrandColoursContext, BrandColoursEvent } from './brand-colours.types';
import { colourFields } from './brand-colours.types';

/** Each colour's problem: not `#rrggbb`. */
export function colourProblems(draft: Record<ColourName, string>): Partial<Record<ColourName, ColourProblem>> {
  const problems: Partial<Record<ColourName, ColourProblem>> = {};
  for (const name of colourFields) if (!/^#[0-9a-f]{6}$/i.test(draft[name].trim())) problems[name] = 'invalid';
  return problems;
}

/** The draft as colours, when each is one; else null. */
export function draftColours(draft: Record<ColourName, string>): BrandColours | null {
  if (Object.keys(colourProblems(draft)).length > 0) return null;
  const colours = {} as BrandColours;
  for (const name of colourFields) colours[name] = draft[name].trim().toLowerCase();
  return colours;
}

const failures: readonly BrandColoursFailure[] = ['expired', 'network', 'serverError'];
export const toBrandColoursRejection = (error: unknown) => toFormRejection<ColourName, ColourProblem, BrandColoursFailure>(error, failures);

const failureOf = (error: unknown): BrandColoursFailure => {
  const rejection = toBrandColoursRejection(error);
  return rejection.code === 'refused' ? 'serverError' : rejection.code;
};

/** The contrast problems a save was refused with (a `contrastTooLow` refusal), if that is what it was. */
function contrastOf(error: unknown): ContrastProblem[] | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== 'contrastTooLow') return null;
  return 'problems' in error && Array.isArray(error.problems) ? (error.problems as ContrastProblem[]) : [];
}

export const brandColoursMachine = setup({
  types: {
    context: {} as BrandColoursContext,
    events: {} as BrandColoursEvent,
    input: {} as { colours: BrandColours },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/branding/colours: the colours as saved. */
    saveColours: fromPromise<BrandColours, BrandColours>(() => Promise.reject(new Error('saveColours not provided'))),
  },
  actions: {
    keepSaved: assign((_, { colours }: { colours: BrandColours }) => ({ saved: colours, draft: { ...colours }, checked: [], serverContrast: [], savedNotice: true })),
    takeServerContrast: assign(({ context }, { problems }: { problems: ContrastProblem[] }) => ({ serverContrast: problems, refusals: context.refusals + 1 })),
    forgetOutcome: assign(() => ({ serverContrast: [], savedNotice: false })),
    resetDraft: assign(({ context }) => ({ draft: { ...context.saved }, checked: [], serverProblems: {}, serverContrast: [], failure: null, savedNotice: false })),
  },
  guards: {
    /** Four colours, every pair at WCAG AA: the app provides it with the contrast rule (contracts/branding.ts). */
    isDraftValid: () => false,
    isContrastRefusal: (_, { error }: { error: unknown }) => contrastOf(error) !== null,
  },
})
  .extend(formSetup<BrandColoursContext, BrandColoursEvent>(colourFields))
  .createMachine({
    id: 'brandColours',
    description: "An office admin changes the theme's four colours, previewed live, saved only at WCAG AA contrast.",
    context: ({ input }) => ({
      draft: { ...input.colours },
      checked: [],
      serverProblems: {},
      failure: null,
      refusals: 0,
      saved: input.colours,
      serverContrast: [],
      savedNotice: false,
    }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The four colours, the preview of the patients’ pages in them, and each pair too close listed with its ratio.',
        meta: { requirements: ['OFF-31'] },
        on: {
          'form.edit': {
            description: 'Keeps the colour as typed (or picked); the preview follows at once.',
            actions: [{ type: 'recordEdit', params: ({ event }) => event }, 'forgetOutcome'],
            meta: { requirements: ['OFF-31'] },
          },
          'form.leave': {
            description: 'Leaving a colour that is not one says so at it.',
            guard: { type: 'isTypedIn', params: ({ event }) => event },
            actions: { type: 'markLeft', params: ({ event }) => event },
            meta: { requirements: ['OFF-31'] },
          },
          'form.submit': [
            {
              description: 'Four colours, every pair at WCAG AA: saved.',
              guard: 'isDraftValid',
              target: 'saving',
              actions: ['clearFailure', 'forgetOutcome'],
              meta: { requirements: ['OFF-31'] },
            },
            {
              description: 'A colour that is not one, or a pair too close: nothing is sent; the fields and the pairs say why.',
              actions: ['checkAllFields', 'countRefusal', 'forgetOutcome'],
              meta: { requirements: ['OFF-32'] },
            },
          ],
          'colours.reset': { description: 'Back to the colours the pages wear now.', actions: 'resetDraft', meta: { requirements: ['OFF-31'] } },
        },
      },
      saving: {
        description: 'The colours are on their way.',
        tags: ['busy'],
        meta: { requirements: ['OFF-31'] },
        invoke: {
          id: 'saveColours',
          src: 'saveColours',
          input: ({ context }) => draftColours(context.draft) ?? context.saved,
          onDone: {
            description: 'Saved: the patients’ pages wear them now; said.',
            target: 'editing',
            actions: { type: 'keepSaved', params: ({ event }) => ({ colours: event.output }) },
            meta: { requirements: ['OFF-31'] },
          },
          onError: [
            {
              description: 'The server finds pairs too close: listed with their ratios, nothing changed.',
              guard: { type: 'isContrastRefusal', params: ({ event }) => ({ error: event.error }) },
              target: 'editing',
              actions: { type: 'takeServerContrast', params: ({ event }) => ({ problems: contrastOf(event.error) ?? [] }) },
              meta: { requirements: ['OFF-32'] },
            },
            {
              description: 'The server refuses a colour: said at it.',
              guard: { type: 'isRefusedByServer', params: ({ event }) => toBrandColoursRejection(event.error) },
              target: 'editing',
              actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toBrandColoursRejection(event.error)) }) },
              meta: { requirements: ['OFF-32'] },
            },
            {
              description: 'Signed out meanwhile, the network or the server: said, the colours kept.',
              target: 'editing',
              actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
              meta: { requirements: ['OFF-5'] },
            },
          ],
        },
      },
    },
  });

export type BrandColoursMachine = typeof brandColoursMachine;
