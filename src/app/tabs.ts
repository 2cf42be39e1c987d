/** What the portal's open tabs in one browser share: the session (one server session) and the language (this device's choice). */
import type { LanguageActor, SessionActor } from '@/lib/machines';
import { followLanguageAcrossTabs } from './language-tabs';
import { shareSessionAcrossTabs } from './session-tabs';

/** Has the session and the language follow what happens in the browser's other tabs. */
export function shareAcrossTabs({ session, language }: { session: SessionActor; language: LanguageActor }): void {
  shareSessionAcrossTabs(session);
  followLanguageAcrossTabs(language);
}
