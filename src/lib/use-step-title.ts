import { useLingui } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useMachines } from '@/lib/machines';

/**
 * A step of a screen that reads as a page of its own (registration's "Check your email"): the tab
 * names the step, as its heading does, rather than the route's title.
 */
export function useStepTitle(step: string): void {
  const { t } = useLingui();
  const clientName = useSelector(useMachines().client, selectClient)?.name;
  const site = clientName || t`Patient Billing Portal`;
  useEffect(() => {
    // After the shell names the route, which happens later in the same commit (a change of language).
    const timer = setTimeout(() => {
      document.title = `${step} – ${site}`;
    });
    return () => clearTimeout(timer);
  }, [step, site]);
}
