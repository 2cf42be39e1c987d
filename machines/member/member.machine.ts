import { appActor } from '@machines/app/app-system';
import { appSystemIds } from '@machines/app/app.types';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
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
  type MemberFieldProblem,
  type MemberProfile,
  type MemberTag,
} from './member.types';

const failureCodes: readonly MemberFailureCode[] = ['network', 'serverError', 'notSignedIn'];

/** What a failed call means to the page: the fields the server refused, or a failure code (unknown: a server error). */
export const toMemberFailure = (error: unknown): MemberCallFailure => toFormRejection<MemberField, MemberFieldProblem, MemberFailureCode>(error, failureCodes);

/** The failure a call's rejection says to the page (a refusal of fields is none). */
const failureOf = (failure: MemberCallFailure): MemberFailureCode | null => (failure.code === 'refused' ? null : failure.code);

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
    /** Tells the session (found by its system id) that the server ended it, with every other session of the user: it signs out here and goes to sign in. */
    endSession: sendTo(appActor(appSystemIds.session), { type: 'session.signedOutEverywhere' }),
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
    /** The save is answered: nothing is on its way any more. */
    forgetSubmitted: assign({ submitted: null }),
    keepSignOutFailure: assign((_, { failure }: { failure: MemberCallFailure }) => ({
      signOutFailure: failure.code === 'refused' ? 'serverError' : failure.code,
    })),
    clearFailures: assign({ failure: null, signOutFailure: null }),
    /** An edit since the last save: the form is no longer called saved. */
    markUnsaved: assign({ saved: false }),
  },
  guards: {
    isDraftValid: ({ context }) => isMemberDraftValid(context.draft),
  },
}).extend(formSetup<MemberContext, MemberEvent>(memberFields)).createMachine({
  id: 'member',
  description:
    "The member information page: the user's name, company, email, accounts per client and language; the name and company can be changed, and the user can sign out on every device.",
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
      description:
        "Loads the member information: the email, the account numbers per client, the session's client, the name, company and language (GetUserEmail, GetAccountNumber, GetClientCode, GetMemberInformation).",
      meta: { requirements: ['ACC-6'] },
      tags: ['busy'],
      invoke: {
        id: 'loadMember',
        src: 'loadMember',
        onDone: {
          description: 'Loaded: the information shows, and the form holds what is stored.',
          target: 'ready',
          actions: { type: 'keepProfile', params: ({ event }) => ({ profile: event.output }) },
          meta: { requirements: ['ACC-6'] },
        },
        onError: {
          description: 'The information could not be loaded: the failure code says why; the member may try again.',
          target: 'loadFailed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(toMemberFailure(event.error)) }) },
          meta: { requirements: ['ACC-15'] },
        },
      },
    },
    loadFailed: {
      description: 'The information could not be loaded; the failure code says why, and the member may try again.',
      meta: { requirements: ['ACC-15'] },
      on: { 'member.retry': { target: 'loading', actions: 'clearFailures', meta: { requirements: ['ACC-15'] } } },
    },
    ready: {
      description: 'The information shows; the name and company are a form, prefilled with what is stored.',
      meta: { requirements: ['ACC-6'] },
      initial: 'editing',
      states: {
        editing: {
          description: 'The name and company can be changed; nothing is on its way to the server.',
          meta: { requirements: ['ACC-6', 'ACC-11'] },
          on: {
            'form.submit': [
              {
                description: 'Every field keeps its rules: the draft, normalised, goes to the server.',
                guard: 'isDraftValid',
                target: 'saving',
                actions: ['checkAllFields', 'clearFailures', 'rememberSubmitted'],
                meta: { requirements: ['ACC-6'] },
              },
              {
                description: "A field breaks its rules: nothing is sent, every field's problem shows, and the focus goes to the first one.",
                actions: ['checkAllFields', 'countRefusal'],
                meta: { requirements: ['ACC-12'] },
              },
            ],
            'member.signOutEverywhere': {
              description: 'Asks first: signing out everywhere ends this session too.',
              target: 'confirmingSignOut',
              actions: 'clearFailures',
              meta: { requirements: ['ACC-25'] },
            },
          },
        },
        saving: {
          description: 'The name and company are being stored (UpdateMemberInformation); the server checks the same rules. Another save is ignored meanwhile.',
          meta: { requirements: ['ACC-13', 'ACC-24'] },
          tags: ['busy'],
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => normaliseDraft(context.submitted ?? context.draft),
            onDone: {
              description: 'Stored: the form shows what the server stored, and says so (unless the member typed on meanwhile).',
              target: 'editing',
              actions: { type: 'keepSavedDetails', params: ({ event }) => ({ details: event.output }) },
              meta: { requirements: ['ACC-24'] },
            },
            onError: [
              {
                description: 'The server refused fields (400): their problems show at them, and the focus goes to the first.',
                guard: { type: 'isRefusedByServer', params: ({ event }) => toMemberFailure(event.error) },
                target: 'editing',
                actions: [{ type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toMemberFailure(event.error)) }) }, 'forgetSubmitted'],
                meta: { requirements: ['ACC-14'] },
              },
              {
                description: 'The network or the server failed: the page says why, and the typed text stays, to save again.',
                target: 'editing',
                actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(toMemberFailure(event.error)) }) }, 'forgetServerRefusals', 'forgetSubmitted'],
                meta: { requirements: ['ACC-15'] },
              },
            ],
          },
        },
        confirmingSignOut: {
          description: 'Asks whether to sign out on every device, this one included.',
          meta: { requirements: ['ACC-25'] },
          on: {
            'member.confirmSignOut': { target: 'signingOut', actions: 'clearFailures', meta: { requirements: ['ACC-25'] } },
            'member.cancelSignOut': { target: 'editing', actions: 'clearFailures', meta: { requirements: ['ACC-25'] } },
          },
        },
        signingOut: {
          description: 'Every session of the user is being ended on the server, this one included (SignOutEverywhere).',
          meta: { requirements: ['ACC-13', 'ACC-25'] },
          tags: ['busy'],
          invoke: {
            id: 'signOutEverywhere',
            src: 'signOutEverywhere',
            onDone: { description: 'The server ended every session of the user.', target: '#member.signedOut', meta: { requirements: ['ACC-25'] } },
            onError: {
              description: 'Nothing was ended: the question stays, with what went wrong.',
              target: 'confirmingSignOut',
              actions: { type: 'keepSignOutFailure', params: ({ event }) => ({ failure: toMemberFailure(event.error) }) },
              meta: { requirements: ['ACC-15', 'ACC-25'] },
            },
          },
        },
      },
      on: {
        'form.edit': {
          description: "Keeps the typed text; the server's problem at that field goes, and the form is no longer called saved.",
          actions: [{ type: 'recordEdit', params: ({ event }) => event }, 'markUnsaved'],
          meta: { requirements: ['ACC-11', 'ACC-14', 'ACC-24'] },
        },
        'form.leave': {
          description: "The member left a field: from now on its problem shows (typing never shows one before).",
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['ACC-11'] },
        },
      },
    },
    signedOut: {
      description: 'Every session ended: the session signs out here too, and the sign-in page says it happened on every device.',
      meta: { requirements: ['ACC-25'] },
      type: 'final',
      entry: 'endSession',
    },
  },
});

export type MemberMachine = typeof memberMachine;
