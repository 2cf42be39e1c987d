import { describe, expect, it } from 'vitest';
import { coverageOf, isComplete, shareText } from '../../scripts/model/coverage';
import { cookieConsentModel } from './cookie-consent.model';

describe('the coverage report', () => {
  it('finds the generated paths cover all of a machine, and no browser run without a record', () => {
    const result = coverageOf(cookieConsentModel, null);
    expect(isComplete(result.model)).toBe(true);
    expect(shareText(result.model.states)).toBe('3/3 (100%)');
    expect(result.browser).toBeNull();
  });

  it("reads a browser run's record and names what it missed", () => {
    const record = {
      'cookie-consent': {
        states: ['cookieConsent.unknown', 'cookieConsent.shown'],
        transitions: [],
        guards: [],
        requirements: ['CNS-1', 'CNS-2', 'CNS-3'],
      },
    };
    const result = coverageOf(cookieConsentModel, record);
    expect(result.browser && isComplete(result.browser)).toBe(false);
    expect(result.browser?.states.missed).toEqual(['cookieConsent.accepted']);
    expect(result.browser?.requirements.missed).toEqual([]);
  });
});
