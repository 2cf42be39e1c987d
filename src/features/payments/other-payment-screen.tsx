import { Trans } from '@lingui/react/macro';
import { Link, useLoaderData } from '@tanstack/react-router';
import { LoadFailed } from '@/components/load-failed';
import { Screen } from '@/components/screen';
import { OpeningHoursText, PhoneLink, PostalAddress } from '@/components/contact-details';

/** Ways to pay other than online: by mail and by phone, as the client offers them. */
export function OtherPaymentScreen() {
  const data = useLoaderData({ from: '/{-$client}/payment/other' });
  const title = <Trans>Other payment methods</Trans>;

  if (data.status === 'accountDisabled') {
    return (
      <Screen title={title}>
        <p className="notice">
          <Trans>This account is disabled, so it cannot be paid here. Please <Link to="/{-$client}/contact">contact us</Link>.</Trans>
        </p>
      </Screen>
    );
  }
  const { clientName, mail, phone } = data.data;

  return (
    <Screen title={title}>
      <p>
        {clientName ? (
          <Trans>You can pay {clientName} in these ways.</Trans>
        ) : (
          <Trans>You can pay in these ways.</Trans>
        )}
      </p>
      {mail ? (
        <section className="pay-option" aria-labelledby="pay-by-mail">
          <h2 id="pay-by-mail">
            <Trans>By mail</Trans>
          </h2>
          <p>
            <Trans>
              Send a check or money order payable to <strong>{mail.payableTo}</strong>, with your account number
              written on it, to:
            </Trans>
          </p>
          <PostalAddress lines={mail.addressLines} />
        </section>
      ) : null}
      {phone ? (
        <section className="pay-option" aria-labelledby="pay-by-phone">
          <h2 id="pay-by-phone">
            <Trans>By phone</Trans>
          </h2>
          <p>
            <Trans>
              Call <PhoneLink number={phone.number} /> to pay by card. Have your
              account number ready.
            </Trans>
          </p>
          {phone.hours ? <OpeningHoursText hours={phone.hours} /> : null}
        </section>
      ) : null}
      {!mail && !phone ? (
        <p className="notice">
          <Trans>Your provider has not listed other ways to pay. Please contact them using the details on your invoice.</Trans>
        </p>
      ) : null}
    </Screen>
  );
}

/** The other-payments screen when the options could not be loaded. */
export function OtherPaymentLoadFailed() {
  return (
    <LoadFailed title={<Trans>Other payment methods</Trans>}>
      <Trans>We could not load the other ways to pay. Please check your connection and try again.</Trans>
    </LoadFailed>
  );
}
