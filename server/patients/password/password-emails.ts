/**
 * The password emails, in the recipient's language and signed with the client's name: the reset
 * link, and the notice that the password changed (which goes out after every change, so that an
 * owner who did not make it learns of it and knows the way back in).
 */
import type { Language } from '@contracts/session';
import type { EmailText } from '../../core/mail/outbox';


/** Who the email is for, and in whose name it speaks. */
export interface PasswordEmailRecipient {
  email: string;
  /** The given name, for the greeting; empty for a plain one. */
  firstName: string;
  clientName: string;
  language: Language;
}

const HOUR_MS = 60 * 60 * 1000;

/** "one hour", "2 hours": how long a reset link works, as the email says it. */
function lifetimeText(language: Language, lifetimeMs: number): string {
  const hours = Math.max(1, Math.round(lifetimeMs / HOUR_MS));
  if (language === 'es-ES') return hours === 1 ? 'una hora' : `${String(hours)} horas`;
  return hours === 1 ? 'one hour' : `${String(hours)} hours`;
}

function greeting(language: Language, firstName: string): string {
  if (language === 'es-ES') return firstName === '' ? 'Hola:' : `Hola, ${firstName}:`;
  return firstName === '' ? 'Hello,' : `Hello ${firstName},`;
}

/** The email that carries a reset link. */
export function resetLinkEmail(to: PasswordEmailRecipient, link: string, lifetimeMs: number): EmailText {
  const lifetime = lifetimeText(to.language, lifetimeMs);
  if (to.language === 'es-ES') {
    return {
      subject: `${to.clientName}: restablezca su contraseña`,
      body: [
        greeting(to.language, to.firstName),
        '',
        `Se ha pedido restablecer la contraseña de su cuenta del portal de facturación de ${to.clientName} (${to.email}).`,
        '',
        `Para elegir una contraseña nueva, abra este enlace antes de que pase ${lifetime}:`,
        link,
        '',
        'El enlace funciona una sola vez. Si no lo ha pedido usted, ignore este correo: su contraseña no cambia.',
        '',
        to.clientName,
      ].join('\n'),
    };
  }
  return {
    subject: `${to.clientName}: reset your password`,
    body: [
      greeting(to.language, to.firstName),
      '',
      `Someone asked to reset the password of your ${to.clientName} billing portal account (${to.email}).`,
      '',
      `To choose a new password, open this link within ${lifetime}:`,
      link,
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
      '',
      to.clientName,
    ].join('\n'),
  };
}

/** How a password was changed: through a reset link (every session ended) or while signed in (the others ended). */
export type PasswordChangeKind = 'reset' | 'update';

/**
 * The notice that a password changed, with the time (UTC) and the way back in for an owner who
 * did not change it: the forgotten-password page.
 */
export function passwordChangedEmail(to: PasswordEmailRecipient, kind: PasswordChangeKind, changedAt: Date, forgotPasswordLink: string): EmailText {
  const when = new Intl.DateTimeFormat(to.language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(changedAt);
  if (to.language === 'es-ES') {
    return {
      subject: `${to.clientName}: su contraseña ha cambiado`,
      body: [
        greeting(to.language, to.firstName),
        '',
        `La contraseña de su cuenta del portal de facturación de ${to.clientName} (${to.email}) cambió el ${when} (UTC).`,
        kind === 'reset'
          ? 'Se ha cerrado su sesión en todos los dispositivos.'
          : 'Se ha cerrado su sesión en los demás dispositivos; en el que hizo el cambio sigue abierta.',
        '',
        'Si no la ha cambiado usted, restablézcala ahora en esta página y póngase en contacto con nosotros:',
        forgotPasswordLink,
        '',
        to.clientName,
      ].join('\n'),
    };
  }
  return {
    subject: `${to.clientName}: your password was changed`,
    body: [
      greeting(to.language, to.firstName),
      '',
      `The password of your ${to.clientName} billing portal account (${to.email}) was changed on ${when} (UTC).`,
      kind === 'reset'
        ? 'You have been signed out on every device.'
        : 'You have been signed out on your other devices; the one that made the change stays signed in.',
      '',
      'If you did not change it, reset your password now on this page and contact us:',
      forgotPasswordLink,
      '',
      to.clientName,
    ].join('\n'),
  };
}
