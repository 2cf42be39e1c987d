import { useLingui } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useMachines } from '@/lib/machines';
import { useShownScreen } from './use-shown-screen';

/** The browser tab names the screen and the client (WCAG 2.4.2), in the current language. */
export function useDocumentTitle(): void {
  const { t, i18n } = useLingui();
  const { client } = useMachines();
  const clientName = useSelector(client, selectClient)?.name;
  const title = useShownScreen()?.title;
  // Some clients have no name: the product's title stands in.
  const site = clientName || t`Patient Billing Portal`;
  const page = title ? i18n._(title) : null;
  useEffect(() => {
    document.title = page ? `${page} – ${site}` : site;
  }, [page, site]);
}
