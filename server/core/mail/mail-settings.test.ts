import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, mailSettings, publicUrlSetting } from '../../config';

describe('the SMTP settings from the environment', () => {
  it('are absent without SMTP_URL: emails wait in the outbox', () => {
    expect(mailSettings(undefined, 'x@example.com')).toBeUndefined();
    expect(mailSettings('  ', undefined)).toBeUndefined();
  });

  it('send from the default address unless MAIL_FROM names one', () => {
    expect(mailSettings('smtp://mail.example:587', undefined)).toEqual({ smtpUrl: 'smtp://mail.example:587', from: DEFAULT_MAIL_FROM });
    expect(mailSettings(' smtps://u:p@mail.example ', ' Sunrise <billing@sunrise.example> ')).toEqual({
      smtpUrl: 'smtps://u:p@mail.example',
      from: 'Sunrise <billing@sunrise.example>',
    });
    expect(mailSettings('smtp://mail.example', 'billing@sunrise.example')?.from).toBe('billing@sunrise.example');
  });

  it('refuse a URL that is not SMTP, without repeating it (it may hold a password)', () => {
    for (const url of ['https://user:hunter2-secret@mail.example', 'not a url hunter2-secret', 'smtp://user:hunter2-secret@']) {
      expect(() => mailSettings(url, undefined)).toThrow(/^SMTP_URL/);
      try {
        mailSettings(url, undefined);
      } catch (error) {
        expect(String(error)).not.toContain('hunter2-secret');
      }
    }
  });

  it('refuse a From that is not one address, or that could start another header', () => {
    for (const from of ['nobody', 'a@example.com\r\nBcc: victim@example.com', 'Name <a@example.com>\nX: y', 'a@example.com, b@example.com']) {
      expect(() => mailSettings('smtp://mail.example', from)).toThrow(/^MAIL_FROM/);
    }
  });
});

describe('the public address (PUBLIC_URL) that emailed links point at', () => {
  it('is unset when empty, and read as an origin', () => {
    expect(publicUrlSetting(undefined)).toBeUndefined();
    expect(publicUrlSetting(' ')).toBeUndefined();
    expect(publicUrlSetting('https://billing.example.org')).toBe('https://billing.example.org');
    expect(publicUrlSetting('https://billing.example.org/')).toBe('https://billing.example.org');
    expect(publicUrlSetting('http://localhost:8080')).toBe('http://localhost:8080');
  });

  it.each(['billing.example.org', 'ftp://billing.example.org', 'https://billing.example.org/portal', 'https://billing.example.org/?a=1', 'https://user:secret@billing.example.org'])(
    'refuses %s without repeating it',
    (text) => {
      expect(() => publicUrlSetting(text)).toThrow(/^PUBLIC_URL must be the portal's address alone/);
      expect(() => publicUrlSetting(text)).not.toThrow(/secret/);
    },
  );
});
