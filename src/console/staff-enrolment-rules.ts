/**
 * The set-up form's rules: the new password's (the patients' rules, which the server checks again;
 * "not a common password" is the server's alone) and a code of the six digits the app shows. The
 * machine's guard, the set-up screen's messages and the tests all read them here.
 */
import { staffEnrolmentFields, type StaffEnrolmentField, type StaffEnrolmentProblem } from '@machines/console/staff-enrolment.types';
import { resetPasswordProblems } from '@/lib/password-form-rules';

type Problems = Partial<Record<StaffEnrolmentField, StaffEnrolmentProblem>>;

/** Each of `fields`' problem by the rules (every field's by default). */
export function staffEnrolmentProblems(draft: Record<StaffEnrolmentField, string>, fields: readonly StaffEnrolmentField[] = staffEnrolmentFields): Problems {
  const all: Problems = resetPasswordProblems({ password: draft.password, passwordConfirmation: draft.passwordConfirmation }, '');
  const code = draft.code.replace(/\s/g, '');
  if (code === '') all.code = 'required';
  else if (!/^\d{6}$/.test(code)) all.code = 'invalid';
  const problems: Problems = {};
  for (const field of fields) if (all[field] !== undefined) problems[field] = all[field];
  return problems;
}

/** The step's `fields` keep the rules: what the machine's `isDraftValid` asks. */
export const isStaffEnrolmentDraftValid = (draft: Record<StaffEnrolmentField, string>, fields: readonly StaffEnrolmentField[]) =>
  Object.keys(staffEnrolmentProblems(draft, fields)).length === 0;
