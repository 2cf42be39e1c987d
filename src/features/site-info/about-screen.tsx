import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** What the portal is and who runs it. */
export function AboutScreen() {
  return (
    <Screen title={<Trans>About this portal</Trans>}>
      <p>
        <Trans>
          The Patient Billing Portal lets you see the bills from your diagnostic laboratory or healthcare provider and pay them online, in
          English or Spanish.
        </Trans>
      </p>
      <p>
        <Trans>
          Sign in with your billing account to see all your invoices and manage your details, or pay a single invoice as a guest with its
          account number and invoice number.
        </Trans>
      </p>
      <p>
        <Trans>
          The portal is run on behalf of your provider, whose name and logo you see at the top of each page. Questions about the amounts on a
          bill go to your provider's billing office.
        </Trans>
      </p>
    </Screen>
  );
}
