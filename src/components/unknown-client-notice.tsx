import { Trans } from '@lingui/react/macro';
import { selectIsUnknownClient, selectRequestedCode } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';

/**
 * Says, before anyone types, that the address names a provider code the portal does not know (a
 * mistyped code, say). On the sign-in page the password still works: the patient is signed in at
 * their own provider.
 */
export function UnknownClientNotice({ signInStillWorks = false }: { signInStillWorks?: boolean }) {
  const { client } = useMachines();
  const unknown = useSelector(client, selectIsUnknownClient);
  const requested = useSelector(client, selectRequestedCode);
  if (!unknown || !requested) return null;
  const code = requested.toUpperCase();
  return (
    <div className="notice notice-error" data-testid="unknown-client">
      <p>
        <Trans>
          This address names a provider code we do not know: {code}. Please check the address on your bill or on your provider's
          website.
        </Trans>
      </p>
      {signInStillWorks ? (
        <p>
          <Trans>If you already have an account, you can still sign in here: we will open your provider's portal.</Trans>
        </p>
      ) : null}
    </div>
  );
}
