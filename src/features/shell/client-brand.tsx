import { Trans, useLingui } from '@lingui/react/macro';
import { selectClient, selectIsUnknownClient, selectRequestedCode } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';

/** The client's logo, or the default product title when there is none. */
export function ClientBrand() {
  const { t } = useLingui();
  const { client: clientActor } = useMachines();
  const client = useSelector(clientActor, selectClient);
  const unknown = useSelector(clientActor, selectIsUnknownClient);
  const requested = useSelector(clientActor, selectRequestedCode);

  return (
    <span className="client-brand">
      {client?.logoUrl ? (
        <img className="client-logo" src={client.logoUrl} alt={client.name || t`Client logo`} height={48} />
      ) : (
        <span className="product-title">
          <Trans>Patient Billing Portal</Trans>
        </span>
      )}
      {unknown && requested ? (
        <span className="client-notice" role="status">
          <Trans>We do not recognise the client code {requested.toUpperCase()}.</Trans>
        </span>
      ) : null}
    </span>
  );
}
