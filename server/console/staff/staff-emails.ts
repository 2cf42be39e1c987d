/**
 * The email that invites a staff member to a client's billing office console. Staff have no
 * language of their own until they sign in, so it is written in English and then in Spanish.
 */
import type { StaffRole } from '@contracts/console';
import type { EmailText } from '../../core/mail/outbox';

const roleNames: Record<StaffRole, { en: string; es: string }> = {
  officeAdmin: { en: 'office admin', es: 'administrador de la oficina' },
  billingStaff: { en: 'billing staff', es: 'personal de facturación' },
  readOnly: { en: 'read-only', es: 'solo lectura' },
};

export function staffInvitationEmail({ clientName, role, link, days }: { clientName: string; role: StaffRole; link: string; days: number }): EmailText {
  const name = roleNames[role];
  return {
    subject: `${clientName}: your billing office console invitation / su invitación a la consola de la oficina de facturación`,
    body: [
      'Hello,',
      '',
      `You are invited to ${clientName}'s billing office console as ${name.en}.`,
      `To set your password, open this link within ${String(days)} days:`,
      link,
      '',
      'You will then set up a second factor: a passkey or an authenticator app. The link works once.',
      'If you did not expect this invitation, ignore this email.',
      '',
      '---',
      '',
      'Hola:',
      '',
      `Le invitan a la consola de la oficina de facturación de ${clientName} como ${name.es}.`,
      `Para elegir su contraseña, abra este enlace antes de ${String(days)} días:`,
      link,
      '',
      'Después configurará un segundo factor: una llave de acceso o una aplicación de autenticación. El enlace funciona una sola vez.',
      'Si no esperaba esta invitación, ignore este correo.',
      '',
      clientName,
    ].join('\n'),
  };
}
