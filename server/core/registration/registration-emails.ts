/**
 * The emails of registering, as plain text in the recipient's language, each naming the client:
 * the activation link, and the "someone tried to register with your address" notice that an
 * address already registered gets instead (never the link of a new account, so the form's answer
 * can be the same for both).
 */
import type { Language } from '@contracts/session';
import type { EmailText } from '../mail/outbox';

/** The portal's pages an email points to, under the client's code. */
export interface RegistrationLinks {
  activation(token: string): string;
  removeAccess(token: string): string;
  signIn: string;
  forgotPassword: string;
}

/** Links to the portal at `origin` (no trailing slash), under the client's code. */
export function registrationLinks(origin: string, clientCode: string): RegistrationLinks {
  const base = `${origin}/${encodeURIComponent(clientCode)}`;
  return {
    // In the fragment, which browsers never send: no proxy, access log or Referer keeps the token.
    activation: (token) => `${base}/confirmation/activate#token=${encodeURIComponent(token)}`,
    removeAccess: (token) => `${base}/confirmation/removeaccess#token=${encodeURIComponent(token)}`,
    signIn: `${base}/login`,
    forgotPassword: `${base}/forgotpassword`,
  };
}

interface ActivationDetails {
  clientName: string;
  firstName: string;
  link: string;
}

interface AttemptDetails {
  clientName: string;
  links: RegistrationLinks;
  /** A fresh activation link, when the existing account still waits for its activation. */
  activationLink: string | null;
}

const activationTexts: Record<Language, (details: ActivationDetails) => EmailText> = {
  'en-US': ({ clientName, firstName, link }) => ({
    subject: `${clientName}: activate your account`,
    body: [
      `Hello ${firstName},`,
      '',
      `Thank you for registering for the ${clientName} billing portal. To activate your account, open this link within 24 hours:`,
      '',
      link,
      '',
      'The link works once. Then sign in with your email address and the password you chose.',
      '',
      'If you did not register, you can ignore this email: the account cannot be used until it is activated.',
    ].join('\n'),
  }),
  'es-ES': ({ clientName, firstName, link }) => ({
    subject: `${clientName}: active su cuenta`,
    body: [
      `Hola, ${firstName}:`,
      '',
      `Gracias por registrarse en el portal de facturación de ${clientName}. Para activar su cuenta, abra este enlace en las próximas 24 horas:`,
      '',
      link,
      '',
      'El enlace solo funciona una vez. Después, inicie sesión con su correo electrónico y la contraseña que eligió.',
      '',
      'Si no se ha registrado, puede ignorar este correo: la cuenta no se puede usar hasta que se active.',
    ].join('\n'),
  }),
};

const attemptTexts: Record<Language, (details: AttemptDetails) => EmailText> = {
  'en-US': ({ clientName, links, activationLink }) => ({
    subject: `${clientName}: someone tried to register with your email address`,
    body: [
      `Someone, perhaps you, tried to register for the ${clientName} billing portal with this email address. An account with this address already exists, so nothing was changed.`,
      '',
      ...(activationLink
        ? ['Your account is not activated yet. To activate it, open this link within 24 hours (it works once):', '', activationLink, '']
        : []),
      `To sign in: ${links.signIn}`,
      `If you forgot your password: ${links.forgotPassword}`,
      '',
      'If it was not you, you can ignore this email: your account is safe.',
    ].join('\n'),
  }),
  'es-ES': ({ clientName, links, activationLink }) => ({
    subject: `${clientName}: alguien ha intentado registrarse con su correo electrónico`,
    body: [
      `Alguien, quizá usted, ha intentado registrarse en el portal de facturación de ${clientName} con esta dirección de correo electrónico. Ya existe una cuenta con esta dirección, así que no se ha cambiado nada.`,
      '',
      ...(activationLink
        ? ['Su cuenta aún no está activada. Para activarla, abra este enlace en las próximas 24 horas (solo funciona una vez):', '', activationLink, '']
        : []),
      `Para iniciar sesión: ${links.signIn}`,
      `Si ha olvidado su contraseña: ${links.forgotPassword}`,
      '',
      'Si no ha sido usted, puede ignorar este correo: su cuenta está segura.',
    ].join('\n'),
  }),
};

/** The email that carries a new account's activation link. */
export function activationEmail(details: ActivationDetails, language: Language): EmailText {
  return activationTexts[language](details);
}

/** The email to an address that is already registered, sent instead of a new account's link. */
export function registrationAttemptEmail(details: AttemptDetails, language: Language): EmailText {
  return attemptTexts[language](details);
}

interface AccessNoticeDetails {
  clientName: string;
  accountNumber: string;
  /** Who registered, as they typed their name, and the address they registered with. */
  registrantName: string;
  registrantEmail: string;
  link: string;
}

const accessNoticeTexts: Record<Language, (details: AccessNoticeDetails) => EmailText> = {
  'en-US': ({ clientName, accountNumber, registrantName, registrantEmail, link }) => ({
    subject: `${clientName}: someone registered for your billing account`,
    body: [
      `Someone registered for online access to billing account ${accountNumber} at the ${clientName} billing portal:`,
      '',
      `Name given: ${registrantName}`,
      `Email address: ${registrantEmail}`,
      '',
      'With it, they can see the account\'s invoices, statements and payments. If you know them (a family member or guarantor), there is nothing to do.',
      '',
      'If you do not know them, remove their access at once with this link (it works for 30 days):',
      '',
      link,
      '',
      'You get this email because you are registered for this account, or it is the email address on file for it.',
    ].join('\n'),
  }),
  'es-ES': ({ clientName, accountNumber, registrantName, registrantEmail, link }) => ({
    subject: `${clientName}: alguien se ha registrado en su cuenta de facturación`,
    body: [
      `Alguien se ha registrado para acceder en línea a la cuenta de facturación ${accountNumber} en el portal de facturación de ${clientName}:`,
      '',
      `Nombre indicado: ${registrantName}`,
      `Correo electrónico: ${registrantEmail}`,
      '',
      'Con este acceso puede ver las facturas, los estados de cuenta y los pagos de la cuenta. Si conoce a esta persona (un familiar o un garante), no tiene que hacer nada.',
      '',
      'Si no la conoce, retire su acceso de inmediato con este enlace (funciona durante 30 días):',
      '',
      link,
      '',
      'Recibe este correo porque está registrado en esta cuenta o porque es la dirección de correo electrónico que consta en ella.',
    ].join('\n'),
  }),
};

/** The notice to an account's registered users and its email on file that someone registered for it, with the link that removes that access. */
export function accessNoticeEmail(details: AccessNoticeDetails, language: Language): EmailText {
  return accessNoticeTexts[language](details);
}
