import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link to an account's page in the console, under the address's lab. */
export function AccountLink({ accountNumber, children }: { accountNumber: string; children: ReactNode }) {
  return (
    <Link to="/{-$client}/office/patients/$accountNumber" params={(current) => ({ ...current, accountNumber })}>
      {children}
    </Link>
  );
}
