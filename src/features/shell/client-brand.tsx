import { Trans, useLingui } from '@lingui/react/macro';
import { selectClient, selectIsUnknownClient, selectRequestedCode } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';

/** The client's logo, else its name, else the default product title. */
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
        // A lab without a logo is named; the product's title only where there is no name either.
        <span className="product-title">{client?.name ? client.name : <Trans>Patient Billing Portal</Trans>}</span>
      )}
      {unknown && requested ? (
        <span className="client-notice" role="status">
          <Trans>We do not recognise the client code {requested.toUpperCase()}.</Trans>
        </span>
      ) : null}
    </span>
  );
}
