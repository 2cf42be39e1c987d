/** What the portal's open tabs in one browser share: the session (one server session) and the language (this device's choice). */
export { followLanguageAcrossTabs } from './language-tabs';
export { shareSessionAcrossTabs } from './session-tabs';
