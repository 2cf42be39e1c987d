import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireBillingUser } from '@/app/guards';
import { SwitchClientsScreen } from '@/features/switch-clients/switch-clients-screen';

export const Route = createFileRoute('/{-$client}/switch/clients')({
  beforeLoad: requireBillingUser,
  staticData: {
    title: msg`Switch provider`,
  },
  component: SwitchClientsScreen,
});
