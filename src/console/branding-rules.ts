/**
 * The Branding screen's rules, the server's own (contracts/branding.ts): the colours' contrast and
 * the settings' fields. The machines' guards and the screen's messages both use them.
 */
import { contrastProblems, type ContrastProblem, type ColourName } from '@contracts/branding';
import { isCardLink, isTimeZone } from '@contracts/console-branding';
import { colourProblems, draftColours } from '@machines/console/brand-colours.machine';
import { colourFields, type ColourProblem } from '@machines/console/brand-colours.types';
import type { SettingsField, SettingsProblem } from '@machines/console/client-settings.types';

/** The pairs too close in the draft (none while a colour is not one: its field says so). */
export function draftContrastProblems(draft: Record<ColourName, string>): ContrastProblem[] {
  const colours = draftColours(draft);
  return colours ? contrastProblems(colours) : [];
}

const isColourName = (name: string): name is ColourName => (colourFields as readonly string[]).includes(name);

/** Each colour's problem at its field: not a colour, or one of a pair too close (the page's fixed colours are not fields). */
export function colourFieldProblems(draft: Record<ColourName, string>): Partial<Record<ColourName, ColourProblem>> {
  const problems: Partial<Record<ColourName, ColourProblem>> = { ...colourProblems(draft) };
  for (const pair of draftContrastProblems(draft)) {
    for (const side of [pair.foreground, pair.background]) if (isColourName(side)) problems[side] ??= 'tooClose';
  }
  return problems;
}

/** Four colours, every pair at WCAG AA. */
export const isColourDraftSavable = (draft: Record<ColourName, string>) => Object.keys(colourProblems(draft)).length === 0 && draftContrastProblems(draft).length === 0;

/** Each settings field's problem, by the server's rules. */
export function settingsProblems(draft: Record<SettingsField, string>): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  const link = draft.externalCardLink.trim();
  if (link !== '' && (link.length > 2000 || !isCardLink(link))) problems.externalCardLink = 'invalid';
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(draft.postingCutoff.trim())) problems.postingCutoff = 'invalid';
  if (!isTimeZone(draft.timeZone.trim())) problems.timeZone = 'invalid';
  const days = draft.passwordLifetimeDays.trim();
  if (days !== '' && (!/^\d{1,4}$/.test(days) || Number(days) < 1 || Number(days) > 3650)) problems.passwordLifetimeDays = 'invalid';
  return problems;
}
