import type { PaymentStep } from '@machines/payment/payment.types';

/** Each step's route. */
export const stepRoutes = {
  amounts: '/{-$client}/payment/online',
  confirmation: '/{-$client}/payment/online/confirmation',
  information: '/{-$client}/payment/online/information',
  card: '/{-$client}/payment/online/creditcard',
  receipt: '/{-$client}/payment/online/receipt',
} as const satisfies Record<PaymentStep, string>;

const stepsBySegment: Record<string, PaymentStep> = {
  online: 'amounts',
  confirmation: 'confirmation',
  information: 'information',
  creditcard: 'card',
  receipt: 'receipt',
};

/** The step a payment/online path shows, or null outside the wizard. */
export function stepOfPath(pathname: string): PaymentStep | null {
  const segments = pathname.split('/').filter(Boolean);
  const online = segments.lastIndexOf('online');
  if (online < 1 || segments[online - 1] !== 'payment') return null;
  const after = segments.slice(online + 1);
  if (after.length === 0) return 'amounts';
  if (after.length > 1) return null;
  return stepsBySegment[after[0] ?? ''] ?? null;
}
