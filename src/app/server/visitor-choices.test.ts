import { describe, expect, it } from 'vitest';
import { visitorChoices } from './visitor-choices';

describe("the device's choices the server renders with", () => {
  it('takes the language chosen on this device from its cookie', () => {
    expect(visitorChoices('pbp_session=abc; pbp_language=es-ES').language).toBe('es-ES');
    expect(visitorChoices('pbp_language=en-US').language).toBe('en-US');
  });

  it('leaves the language to the machines when none was chosen, or the cookie names none it speaks', () => {
    expect(visitorChoices('').language).toBeNull();
    expect(visitorChoices('pbp_language=fr-FR').language).toBeNull();
    expect(visitorChoices('xpbp_language=es-ES').language).toBeNull();
  });

  it('hides the cookie notice only once it was accepted on this device', () => {
    expect(visitorChoices('pbp_cookie_notice=true').cookieNoticeAccepted).toBe(true);
    expect(visitorChoices('pbp_cookie_notice=false').cookieNoticeAccepted).toBe(false);
    expect(visitorChoices('').cookieNoticeAccepted).toBe(false);
  });
});
