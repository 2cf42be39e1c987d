import type { SnapshotFrom } from 'xstate';
import type { LanguageMachine } from './language.machine';

export const selectLanguage = (snapshot: SnapshotFrom<LanguageMachine>) => snapshot.context.language;
/** The first language is not applied yet: nothing is shown until it is. */
export const selectIsStarting = (snapshot: SnapshotFrom<LanguageMachine>): boolean => snapshot.matches('starting');
/** The machine already knows a user is signed in (e.g. resumed from the server's first screen). */
export const selectKnowsUserSignedIn = (snapshot: SnapshotFrom<LanguageMachine>): boolean => snapshot.context.isUserSignedIn;
/** No language could be loaded (not even English): the page has no text to show but a bilingual notice. */
export const selectIsLanguageUnavailable = (snapshot: SnapshotFrom<LanguageMachine>): boolean => snapshot.hasTag('unavailable');
