import { Trans } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Screen } from './screen';

/** A screen whose data could not be loaded: it keeps its title, says so, and offers to try again. */
export function LoadFailed({ title, children }: { title: ReactNode; children: ReactNode }) {
  const router = useRouter();
  return (
    <Screen title={title}>
      <div className="notice notice-error" role="alert">
        <p>{children}</p>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={() => void router.invalidate()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </Screen>
  );
}
