import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireBillingUser } from '@/app/guards';
import { ConfirmUpdateScreen } from '@/features/account-settings/confirm-update-screen';

export const Route = createFileRoute('/{-$client}/confirmation/update')({
  beforeLoad: requireBillingUser,
  staticData: {
    title: msg`Confirm your changes`,
    breadcrumbs: [{ label: msg`Member information`, to: '/{-$client}/member' }],
  },
  component: ConfirmUpdateScreen,
});
