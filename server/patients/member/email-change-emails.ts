/**
 * The two emails of an email change, in the recipient's language and with the client's name: the
 * link to confirm, to the new address, and the notice to the current one (so the owner hears of a
 * change they did not ask for while there is still time to stop it).
 */
import type { Language } from '@contracts/session';
import type { EmailText } from '../../core/mail/outbox';

interface ConfirmationFacts {
  clientName: string;
  newEmail: string;
  link: string;
  /** Hours the link works. */
  hours: number;
}

interface NoticeFacts {
  clientName: string;
  currentEmail: string;
  newEmail: string;
  hours: number;
}

const confirmation: Record<Language, (facts: ConfirmationFacts) => EmailText> = {
  'en-US': ({ clientName, newEmail, link, hours }) => ({
    subject: `${clientName}: confirm your new email address`,
    body: [
      clientName,
      '',
      `You asked to sign in to the patient billing portal with this address, ${newEmail}, from now on.`,
      `To confirm it, open this link within ${String(hours)} hours (you may be asked to sign in first, with your current address):`,
      '',
      link,
      '',
      'Until the link is opened, your account keeps its current email address. The link works once.',
      'If you did not ask for this, you can ignore this email: nothing changes.',
    ].join('\n'),
  }),
  'es-ES': ({ clientName, newEmail, link, hours }) => ({
    subject: `${clientName}: confirme su nueva dirección de correo electrónico`,
    body: [
      clientName,
      '',
      `Ha pedido iniciar sesión en el portal de facturación de pacientes con esta dirección, ${newEmail}, a partir de ahora.`,
      `Para confirmarla, abra este enlace en las próximas ${String(hours)} horas (puede que antes deba iniciar sesión con su dirección actual):`,
      '',
      link,
      '',
      'Hasta que se abra el enlace, su cuenta conserva su dirección de correo actual. El enlace funciona una sola vez.',
      'Si no lo ha pedido usted, puede ignorar este correo: no cambiará nada.',
    ].join('\n'),
  }),
};

const notice: Record<Language, (facts: NoticeFacts) => EmailText> = {
  'en-US': ({ clientName, currentEmail, newEmail, hours }) => ({
    subject: `${clientName}: a change of your email address was requested`,
    body: [
      clientName,
      '',
      `Someone signed in to your account in the patient billing portal asked to change its email address from ${currentEmail} to ${newEmail}.`,
      `The address changes only if the link we sent to ${newEmail} is opened within ${String(hours)} hours.`,
      '',
      'If this was you, there is nothing more to do here.',
      'If it was not you, change your password now: that signs everyone else out of your account, and the change cannot be confirmed without signing in.',
      `Then contact ${clientName}.`,
    ].join('\n'),
  }),
  'es-ES': ({ clientName, currentEmail, newEmail, hours }) => ({
    subject: `${clientName}: se ha pedido cambiar su dirección de correo electrónico`,
    body: [
      clientName,
      '',
      `Alguien que ha iniciado sesión en su cuenta del portal de facturación de pacientes ha pedido cambiar su dirección de correo de ${currentEmail} a ${newEmail}.`,
      `La dirección solo cambia si se abre en las próximas ${String(hours)} horas el enlace que hemos enviado a ${newEmail}.`,
      '',
      'Si ha sido usted, no tiene que hacer nada más.',
      'Si no ha sido usted, cambie su contraseña ahora: así se cierra la sesión de cualquier otra persona en su cuenta, y el cambio no se puede confirmar sin iniciar sesión.',
      `Después, póngase en contacto con ${clientName}.`,
    ].join('\n'),
  }),
};

/** The email to the new address, with the link that confirms it. */
export function emailChangeConfirmationEmail(language: Language, facts: ConfirmationFacts): EmailText {
  return confirmation[language](facts);
}

/** The email to the current address, saying that a change was asked for and how to stop it. */
export function emailChangeNoticeEmail(language: Language, facts: NoticeFacts): EmailText {
  return notice[language](facts);
}
