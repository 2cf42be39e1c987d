/**
 * The rules of the name and company, as the server's `memberDetailsRequestSchema` checks them:
 * text is NFC-normalised and trimmed, must hold no control characters, and stays within its
 * length (first and last name required). A test in the member feature holds the two together.
 */
import { memberFields, type MemberDraft, type MemberField, type MemberFieldProblem, type MemberFieldProblems } from './member.types';

export const memberFieldRules: Record<MemberField, { required: boolean; maxLength: number }> = {
  firstName: { required: true, maxLength: 100 },
  lastName: { required: true, maxLength: 100 },
  company: { required: false, maxLength: 100 },
};

const controlCharacters = /[\p{Cc}\p{Cs}]/u;

/** The text as the server stores it. */
export const normaliseText = (value: string): string => value.normalize('NFC').trim();

/** Why this field cannot be saved, or null when it can. */
export function memberFieldProblem(field: MemberField, value: string): MemberFieldProblem | null {
  const rule = memberFieldRules[field];
  const text = normaliseText(value);
  if (controlCharacters.test(text)) return 'invalidCharacters';
  if (rule.required && text === '') return 'required';
  if (text.length > rule.maxLength) return 'tooLong';
  return null;
}

/** Every field's problem. */
export function memberDraftProblems(draft: MemberDraft): MemberFieldProblems {
  const problems: MemberFieldProblems = {};
  for (const field of memberFields) {
    const problem = memberFieldProblem(field, draft[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The draft can be saved as it is. */
export const isMemberDraftValid = (draft: MemberDraft): boolean => Object.keys(memberDraftProblems(draft)).length === 0;

/** The draft as it is sent: each field normalised. */
export function normaliseDraft(draft: MemberDraft): MemberDraft {
  return { firstName: normaliseText(draft.firstName), lastName: normaliseText(draft.lastName), company: normaliseText(draft.company) };
}
