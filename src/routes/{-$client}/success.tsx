import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseSuccessSearch } from '@/features/success/success-search';
import { SuccessScreen } from '@/features/success/success-screen';

export const Route = createFileRoute('/{-$client}/success')({
  validateSearch: parseSuccessSearch,
  staticData: {
    title: msg`Done`,
  },
  component: SuccessRoute,
});

function SuccessRoute() {
  const search = Route.useSearch();
  // A new search starts a new countdown.
  return <SuccessScreen key={`${search.message ?? ''} ${search.redirect ?? ''} ${String(search.delay)}`} {...search} />;
}
