import type { StoredPayment } from '@machines/payment/payment.types';
import { describe, expect, it } from 'vitest';
import { parseStoredPayment } from './stored-payment';

const progress: StoredPayment = {
  accountNumber: 'A-100200',
  choices: { 'SUN-100031': { mode: 'full' }, 'SUN-100035': { mode: 'part', text: '12.3x', amount: { problem: 'invalid' } } },
  confirmed: true,
  billing: {
    payerName: 'Pat Doe',
    addressLine1: '1 Main St',
    addressLine2: '',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    country: 'US',
    email: 'pat@example.com',
  },
  rememberAddress: false,
  receipt: null,
};

describe('the payment progress kept in session storage', () => {
  it('comes back exactly as it was written, typed text included', () => {
    expect(parseStoredPayment(JSON.stringify(progress))).toEqual(progress);
  });

  it('keeps "remember this address" as ticked, and reads progress kept before it existed as not ticked', () => {
    expect(parseStoredPayment(JSON.stringify({ ...progress, rememberAddress: true }))?.rememberAddress).toBe(true);
    const { rememberAddress: _left, ...older } = progress;
    expect(parseStoredPayment(JSON.stringify(older))?.rememberAddress).toBe(false);
  });

  it('keeps a receipt, so a reload of the receipt page shows it', () => {
    const receipt = {
      confirmationNumber: 'P-ABCDEFGHJK',
      paidAt: '2026-11-22T06:00:00.000Z',
      accountNumber: 'A-100200',
      holderName: 'Pat Doe',
      lines: [{ invoiceNumber: 'SUN-100031', description: 'CBC', amountCents: 4850, balanceAfterCents: 0 }],
      totalCents: 4850,
      cardBrand: 'visa',
      cardLast4: '4242',
      payerName: 'Pat Doe',
      email: 'pat@example.com',
    } as const;
    expect(parseStoredPayment(JSON.stringify({ ...progress, receipt }))?.receipt).toEqual(receipt);
  });

  it('keeps why a typed amount could not be read, so the payer is told the same after a reload', () => {
    const choices = { 'SUN-100035': { mode: 'part', text: '1.234', amount: { problem: 'ambiguous' } } } as const;
    expect(parseStoredPayment(JSON.stringify({ ...progress, choices }))?.choices).toEqual(choices);
  });

  it('does not trust an amount kept without a strict reading of its text: it counts as not an amount', () => {
    const older = { ...progress, choices: { 'SUN-100035': { mode: 'part', text: '0.001', cents: 100 } } };
    expect(parseStoredPayment(JSON.stringify(older))?.choices).toEqual({
      'SUN-100035': { mode: 'part', text: '0.001', amount: { problem: 'invalid' } },
    });
  });

  it('is ignored when it is not JSON, not ours, or tampered with', () => {
    expect(parseStoredPayment('not json')).toBeNull();
    expect(parseStoredPayment('null')).toBeNull();
    expect(parseStoredPayment(JSON.stringify({ ...progress, choices: [] }))).toBeNull();
    expect(parseStoredPayment(JSON.stringify({ ...progress, choices: { X: { mode: 'all' } } }))).toBeNull();
    expect(parseStoredPayment(JSON.stringify({ ...progress, choices: { X: { mode: 'part', text: '1', amount: { problem: 'odd' } } } }))).toBeNull();
    expect(parseStoredPayment(JSON.stringify({ ...progress, choices: { X: { mode: 'part', text: '1', amount: { cents: '100' } } } }))).toBeNull();
    expect(parseStoredPayment(JSON.stringify({ ...progress, confirmed: 'yes' }))).toBeNull();
    expect(parseStoredPayment(JSON.stringify({ ...progress, billing: { ...progress.billing, city: 7 } }))).toBeNull();
  });
});
