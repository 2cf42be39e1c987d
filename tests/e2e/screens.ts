/** Every route's screen, by who may open it: shared by the route, accessibility and reflow tests. */

/** A screen: its path under the client prefix and its h1 in each language. */
export interface Screen {
  path: string;
  en: string;
  es: string;
}

export const openScreens: Screen[] = [
  // The billing office's console, signed out: its sign-in, and its set-up page with no invitation.
  { path: 'office', en: 'Billing office sign-in', es: 'Acceso a la oficina de facturación' },
  { path: 'office/welcome', en: 'Please sign in again', es: 'Inicie sesión de nuevo' },
  { path: 'guestLogin', en: 'Pay as a guest', es: 'Pagar como invitado' },
  { path: 'about', en: 'About this portal', es: 'Acerca de este portal' },
  { path: 'contact', en: 'Contact us', es: 'Contáctenos' },
  { path: 'privacy', en: 'Privacy', es: 'Privacidad' },
  {
    path: 'confirmation/activate',
    en: 'Activate your account',
    es: 'Active su cuenta',
  },
  {
    path: 'resetpassword',
    en: 'Reset your password',
    es: 'Restablezca su contraseña',
  },
  { path: 'registration', en: 'Create an account', es: 'Cree una cuenta' },
  { path: 'success', en: 'Done', es: 'Hecho' },
  {
    path: 'error/timeout',
    en: 'The page took too long to load',
    es: 'La página ha tardado demasiado en cargarse',
  },
  {
    path: 'forgotpassword',
    en: 'Forgot your password?',
    es: '¿Ha olvidado su contraseña?',
  },
  {
    path: 'forgot/password/email',
    en: 'Check your email',
    es: 'Revise su correo electrónico',
  },
  { path: 'documents', en: 'Documents', es: 'Documentos' },
  { path: 'notfound', en: 'Page not found', es: 'Página no encontrada' },
];

export const userOnlyScreens: Screen[] = [
  { path: 'member', en: 'Member information', es: 'Información del titular' },
  { path: 'password', en: 'Update password', es: 'Cambiar contraseña' },
  { path: 'email', en: 'Update email', es: 'Cambiar correo electrónico' },
  {
    path: 'confirmation/update',
    en: 'Confirm your changes',
    es: 'Confirme sus cambios',
  },
  { path: 'switch/clients', en: 'Switch provider', es: 'Cambiar de proveedor' },
];

export const userOrGuestScreens: Screen[] = [
  {
    path: 'payment/other',
    en: 'Other payment methods',
    es: 'Otras formas de pago',
  },
  // The wizard's later steps open only after the earlier ones: tests/e2e/payment.spec.ts.
  { path: 'payment/online', en: 'Online payment', es: 'Pago en línea' },
];
