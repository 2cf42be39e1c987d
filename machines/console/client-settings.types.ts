import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

export const settingsFields = ['acceptsOnlinePayments', 'externalCardLink', 'postingCutoff', 'timeZone', 'passwordLifetimeDays'] as const;

export type SettingsField = (typeof settingsFields)[number];

export type SettingsProblem = 'invalid';

export type SettingsFailure = 'expired' | 'network' | 'serverError';

export type SettingsRejection = FormRejection<SettingsField, SettingsProblem, SettingsFailure>;

export interface ClientSettingsContext extends FormContext<SettingsField, SettingsProblem, SettingsFailure> {
  savedNotice: boolean;
}

export type ClientSettingsEvent = FormEvent<SettingsField>;
