import { Trans } from '@lingui/react/macro';

/** The provider's documents for the account. */
export function DocumentsScreen() {
  return (
    <section className="screen" aria-labelledby="documents-title">
      <h1 id="documents-title">
        <Trans>Documents</Trans>
      </h1>
      <p>
        <Trans>This page lists the documents your healthcare provider shares with you, such as billing statements and notices.</Trans>
      </p>
    </section>
  );
}
