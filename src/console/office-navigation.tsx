/** Links and navigation to the console's screens, which one route shows (`/{client}/office/$`, office-screens.tsx). */
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

type Search = Record<string, unknown>;

/** A link to a console screen (`screen`: what follows `/office/`, '' for Today), with its search. */
export function OfficeLink({ screen, search, children, exact }: { screen: string; search?: Search; children: ReactNode; exact?: boolean }) {
  return (
    <Link to="/{-$client}/office/$" params={(current) => ({ ...current, _splat: screen })} search={search ?? {}} activeOptions={{ exact: exact ?? false, includeSearch: false }}>
      {children}
    </Link>
  );
}

/** Opens a console screen with a search, as a link would. */
export function useOfficeNavigate(): (screen: string, search?: Search) => void {
  const navigate = useNavigate();
  return (screen, search = {}) => void navigate({ to: '/{-$client}/office/$', params: (current) => ({ ...current, _splat: screen }), search });
}
