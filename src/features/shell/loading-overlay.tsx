import { Trans } from '@lingui/react/macro';
import { selectShowsOverlay } from '@machines/loading/loading.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';

/** Shown while any call is in flight and has not timed out (it appears after a short pause). */
export function LoadingOverlay() {
  const { loading } = useMachines();
  const shown = useSelector(loading, selectShowsOverlay);
  if (!shown) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay">
      <div className="spinner" aria-hidden="true" />
      <p className="visually-hidden" role="status">
        <Trans>Loading…</Trans>
      </p>
    </div>
  );
}
