import { Trans } from '@lingui/react/macro';

/** Choosing which of the user's clients to work with. */
export function SwitchClientsScreen() {
  return (
    <section className="screen" aria-labelledby="switch-clients-title">
      <h1 id="switch-clients-title">
        <Trans>Switch provider</Trans>
      </h1>
      <p>
        <Trans>When you have accounts with more than one healthcare provider, here you choose whose bills to see.</Trans>
      </p>
    </section>
  );
}
