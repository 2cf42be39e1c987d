import { Trans } from '@lingui/react/macro';

/** The signed-in billing user's details. */
export function MemberScreen() {
  return (
    <section className="screen" aria-labelledby="member-title">
      <h1 id="member-title">
        <Trans>Member information</Trans>
      </h1>
      <p>
        <Trans>This page shows the details of your billing account: your name, your email address and the providers you have accounts with.</Trans>
      </p>
    </section>
  );
}
