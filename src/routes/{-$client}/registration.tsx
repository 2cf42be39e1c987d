import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RegistrationScreen } from '@/features/registration/registration-screen';

export const Route = createFileRoute('/{-$client}/registration')({
  staticData: {
    title: msg`Create an account`,
  },
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { client } = Route.useParams();
  // The client code in the address is prefilled, sent upper-cased.
  return <RegistrationScreen clientCode={client?.toUpperCase() ?? ''} />;
}
