/** The loopback SMTP server reads back exactly what a real client sent. */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEmail, startLoopbackSmtpServer, type LoopbackSmtpServer } from './loopback-smtp-server';

describe('the loopback SMTP server', () => {
  let smtp: LoopbackSmtpServer;
  beforeAll(async () => {
    smtp = await startLoopbackSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('gives back subject, text and HTML as nodemailer sent them, whatever their script and length', async () => {
    const subject = `Confirmación de su cuenta en Laboratorios Sunrise — José Müller 山田 ${'ñ'.repeat(80)}`;
    const text = `Hola José,\n\nActive su cuenta: https://portal.example/SUN/confirmation/activate?token=${'a'.repeat(120)}\n${'€ '.repeat(200)}\n山田太郎`;
    const html = `<p lang="es">Hola José, <a href="https://portal.example/x?a=1&amp;b=2">aquí</a></p>${'<br>'.repeat(100)}`;
    await nodemailer.createTransport(smtp.url).sendMail({ from: 'Portal <no-reply@portal.example>', to: 'jose@example.com', subject, text, html });

    const email = await smtp.waitForEmail();
    expect(email.subject).toBe(subject);
    expect(email.text).toBe(text);
    expect(email.html).toBe(html);
    expect(email.from).toBe('Portal <no-reply@portal.example>');
    expect(email.envelope).toEqual({ from: 'no-reply@portal.example', to: ['jose@example.com'] });
    expect(email.links).toEqual([`https://portal.example/SUN/confirmation/activate?token=${'a'.repeat(120)}`]);
  });

  it('waits for an email that has not come yet, and gives up after its time', async () => {
    const later = smtp.waitForEmail((email) => email.to === 'later@example.com');
    await nodemailer.createTransport(smtp.url).sendMail({ from: 'a@example.com', to: 'later@example.com', subject: 'Later', text: 'x' });
    expect((await later).subject).toBe('Later');
    await expect(smtp.waitForEmail((email) => email.to === 'never@example.com', 20)).rejects.toThrow('No matching email within 20 ms');
  });
});

describe('a loopback SMTP server that hangs mid-send', () => {
  it('never answers the first message, which is not received, and takes the next', async () => {
    const smtp = await startLoopbackSmtpServer({ holdFirstMessage: true });
    try {
      const client = nodemailer.createTransport(smtp.url);
      const first = client.sendMail({ from: 'a@example.com', to: 'first@example.com', subject: 'First', text: 'x' });
      await smtp.held;
      const second = nodemailer.createTransport(smtp.url);
      await second.sendMail({ from: 'a@example.com', to: 'second@example.com', subject: 'Second', text: 'x' });
      second.close();
      expect(smtp.received.map((email) => email.to)).toEqual(['second@example.com']);
      client.close();
      await smtp.close();
      await expect(first).rejects.toThrow();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('reading a message', () => {
  it('decodes base64 parts inside nested multiparts and passes over attachments', () => {
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const raw = [
      'From: =?UTF-8?B?' + base64('Señal') + '?= <a@example.com>',
      'To: b@example.com',
      'Subject: =?UTF-8?Q?Ma=C3=B1ana?= =?UTF-8?Q?_temprano?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64('Mañana a las 9.\nhttps://example.com/a.'),
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>Ma=C3=B1ana a las=',
      ' 9.</p>',
      '--inner--',
      '--outer',
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'not the body',
      '--outer--',
      '',
    ].join('\r\n');
    const email = parseEmail(Buffer.from(raw, 'utf8').toString('latin1'), { from: 'a@example.com', to: ['b@example.com'] });
    expect(email.from).toBe('Señal <a@example.com>');
    expect(email.subject).toBe('Mañana temprano');
    expect(email.text).toBe('Mañana a las 9.\nhttps://example.com/a.');
    expect(email.html).toBe('<p>Mañana a las 9.</p>');
    expect(email.links).toEqual(['https://example.com/a']);
  });
});
