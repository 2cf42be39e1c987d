import { assign, fromPromise, setup } from 'xstate';
import { isMemberDraftValid, normaliseDraft } from './member.rules';
import {
  memberFields,
  type MemberCallFailure,
  type MemberContext,
  type MemberDetails,
  type MemberDraft,
  type MemberEvent,
  type MemberFailureCode,
  type MemberField,
  type MemberProfile,
  type MemberTag,
} from './member.types';

const failureCodes: readonly MemberFailureCode[] = ['network', 'serverError', 'notSignedIn'];

/** What a failed call means to the page: the fields the server refused, or a failure code (unknown: a server error). */
export function toMemberFailure(error: unknown): MemberCallFailure {
  if (typeof error !== 'object' || error === null || !('code' in error)) return { code: 'serverError' };
  if (error.code === 'refused' && 'fields' in error && typeof error.fields === 'object' && error.fields !== null) {
    return { code: 'refused', fields: error.fields };
  }
  return { code: failureCodes.find((known) => known === error.code) ?? 'serverError' };
}

const draftOf = (details: MemberDetails): MemberDraft => ({
  firstName: details.firstName,
  lastName: details.lastName,
  company: details.company,
});

const emptyDraft: MemberDraft = { firstName: '', lastName: '', company: '' };

/**
 * The member information page: the signed-in user's name, company, email, accounts per client
 * and language; the name and company can be changed (checked at each field when it is left and
 * on save, and again by the server); and "sign out on every device" ends every session of the
 * user, this one included. Every effect is provided by the app with `memberMachine.provide(...)`.
 */
export const memberMachine = setup({
  types: {
    context: {} as MemberContext,
    events: {} as MemberEvent,
    tags: {} as MemberTag,
  },
  actors: {
    loadMember: fromPromise<MemberProfile>(() => Promise.reject(new Error('loadMember not provided'))),
    saveDetails: fromPromise<MemberDetails, MemberDraft>(() => Promise.reject(new Error('saveDetails not provided'))),
    signOutEverywhere: fromPromise<unknown>(() => Promise.reject(new Error('signOutEverywhere not provided'))),
  },
  actions: {
    /** Tells the session that the server ended it, with every other session of the user. */
    endSession: () => {},
    keepProfile: assign((_, { profile }: { profile: MemberProfile }) => ({
      profile,
      draft: draftOf(profile),
      failure: null,
    })),
    rememberSubmitted: assign({ submitted: ({ context }) => context.draft, saved: false }),
    keepSavedDetails: assign(({ context }, { details }: { details: MemberDetails }) => {
      // Typed while the save was on its way: kept, and not yet saved.
      const typedSince = context.draft !== context.submitted;
      return {
        profile: context.profile ? { ...context.profile, ...details } : null,
        draft: typedSince ? context.draft : draftOf(details),
        submitted: null,
        serverProblems: {},
        failure: null,
        saved: !typedSince,
      };
    }),
    keepFailure: assign((_, { failure }: { failure: MemberCallFailure }) => ({
      submitted: null,
      failure: failure.code === 'refused' ? null : failure.code,
      serverProblems: failure.code === 'refused' ? failure.fields : {},
    })),
    keepSignOutFailure: assign((_, { failure }: { failure: MemberCallFailure }) => ({
      signOutFailure: failure.code === 'refused' ? 'serverError' : failure.code,
    })),
    clearFailures: assign({ failure: null, signOutFailure: null }),
    updateDraft: assign(({ context }, { field, value }: { field: MemberField; value: string }) => {
      const { [field]: _edited, ...otherProblems } = context.serverProblems;
      return { draft: { ...context.draft, [field]: value }, serverProblems: otherProblems, saved: false };
    }),
    checkField: assign(({ context }, { field }: { field: MemberField }) => ({
      checked: context.checked.includes(field) ? context.checked : [...context.checked, field],
    })),
    checkAllFields: assign({ checked: () => [...memberFields] }),
    /** Counts a refused save: the view moves the focus to the first field to fix after each. */
    countRefusal: assign({ refusals: ({ context }) => context.refusals + 1 }),
  },
  guards: {
    isDraftValid: ({ context }) => isMemberDraftValid(context.draft),
    isRefusal: (_, { failure }: { failure: MemberCallFailure }) => failure.code === 'refused',
  },
}).createMachine({
  id: 'member',
  context: {
    profile: null,
    draft: emptyDraft,
    submitted: null,
    checked: [],
    serverProblems: {},
    failure: null,
    saved: false,
    signOutFailure: null,
    refusals: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the member information: GetUserEmail, GetAccountNumber, GetClientCode and GetMemberInformation.',
      tags: ['busy'],
      invoke: {
        id: 'loadMember',
        src: 'loadMember',
        onDone: { target: 'ready', actions: { type: 'keepProfile', params: ({ event }) => ({ profile: event.output }) } },
        onError: {
          description: 'The information could not be loaded: the failure code says why; the member may try again.',
          target: 'loadFailed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toMemberFailure(event.error) }) },
        },
      },
    },
    loadFailed: {
      description: 'The information could not be loaded; the failure code says why, and the member may try again.',
      on: { 'member.retry': { target: 'loading', actions: 'clearFailures' } },
    },
    ready: {
      description: 'The information shows; the name and company are a form, prefilled with what is stored.',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'member.save': [
              {
                description: 'Every field keeps its rules: the draft, normalised, goes to the server.',
                guard: 'isDraftValid',
                target: 'saving',
                actions: ['checkAllFields', 'clearFailures', 'rememberSubmitted'],
              },
              {
                description: "A field breaks its rules: every field's problem shows, and the focus goes to the first one.",
                actions: ['checkAllFields', 'countRefusal'],
              },
            ],
            'member.signOutEverywhere': {
              description: 'Asks first: signing out everywhere ends this session too.',
              target: 'confirmingSignOut',
              actions: 'clearFailures',
            },
          },
        },
        saving: {
          description: 'UpdateMemberInformation stores the name and company; the server checks the same rules.',
          tags: ['busy'],
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => normaliseDraft(context.submitted ?? context.draft),
            onDone: {
              description: 'Stored: the form shows what the server stored, and says so (unless the member typed on meanwhile).',
              target: 'editing',
              actions: { type: 'keepSavedDetails', params: ({ event }) => ({ details: event.output }) },
            },
            onError: [
              {
                description: 'The server refused fields (400): their problems show at them, and the focus goes to the first.',
                guard: { type: 'isRefusal', params: ({ event }) => ({ failure: toMemberFailure(event.error) }) },
                target: 'editing',
                actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: toMemberFailure(event.error) }) }, 'countRefusal'],
              },
              {
                description: 'The network or the server failed: the typed text stays, to save again.',
                target: 'editing',
                actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toMemberFailure(event.error) }) },
              },
            ],
          },
        },
        confirmingSignOut: {
          description: 'Asks whether to sign out on every device, this one included.',
          on: {
            'member.confirmSignOut': { target: 'signingOut', actions: 'clearFailures' },
            'member.cancelSignOut': { target: 'editing', actions: 'clearFailures' },
          },
        },
        signingOut: {
          description: 'SignOutEverywhere ends every session of the user on the server, this one included.',
          tags: ['busy'],
          invoke: {
            id: 'signOutEverywhere',
            src: 'signOutEverywhere',
            onDone: { target: '#member.signedOut' },
            onError: {
              description: 'Nothing was ended: the question stays, with what went wrong.',
              target: 'confirmingSignOut',
              actions: { type: 'keepSignOutFailure', params: ({ event }) => ({ failure: toMemberFailure(event.error) }) },
            },
          },
        },
      },
      on: {
        'member.edit': { actions: { type: 'updateDraft', params: ({ event }) => event } },
        'member.leaveField': {
          description: "The member left a field: from now on its problem shows (typing never shows one before).",
          actions: { type: 'checkField', params: ({ event }) => event },
        },
      },
    },
    signedOut: {
      description: 'Every session ended: the session signs out here too, and the sign-in page says it happened on every device.',
      type: 'final',
      entry: 'endSession',
    },
  },
});

export type MemberMachine = typeof memberMachine;
