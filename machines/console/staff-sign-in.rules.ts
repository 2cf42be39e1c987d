/**
 * The staff sign-in form's rules, shared by its machine (which sends nothing that breaks them) and
 * its view (which shows each field's problem). The server checks everything again.
 */
import type { StaffFieldProblem, StaffSignInField } from './staff-sign-in.types';

type Draft = Record<StaffSignInField, string>;

const problemOf: Record<StaffSignInField, (value: string) => StaffFieldProblem | null> = {
  clientCode: (value) => (value.trim() === '' ? 'required' : /^[A-Za-z]{2,4}$/.test(value.trim()) ? null : 'invalid'),
  email: (value) => (value.trim() === '' ? 'required' : /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : 'invalid'),
  password: (value) => (value === '' ? 'required' : null),
  // Six digits from the app, or a recovery code (8 letters and digits, a dash or spaces allowed, a 0 for an O).
  code: (value) => {
    const typed = value.replace(/[\s-]/g, '');
    if (typed === '') return 'required';
    // The codes' alphabet is A-Z and 2-7; a 0, 1 or 8 is taken as the O, I or B it is mistaken for (the server reads it so).
    return /^\d{6}$/.test(typed) || /^[A-Za-z0-8]{8}$/.test(typed) ? null : 'invalid';
  },
};

/** Each field's problem by the rules, for the fields of one step. */
export function staffSignInProblems(draft: Draft, fields: readonly StaffSignInField[]): Partial<Record<StaffSignInField, StaffFieldProblem>> {
  const problems: Partial<Record<StaffSignInField, StaffFieldProblem>> = {};
  for (const field of fields) {
    const problem = problemOf[field](draft[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The fields of the password step: the lab's code only where the address names none. */
export const passwordStepFields = (clientFromAddress: boolean): StaffSignInField[] => (clientFromAddress ? ['email', 'password'] : ['clientCode', 'email', 'password']);
export const codeStepFields: readonly StaffSignInField[] = ['code'];
