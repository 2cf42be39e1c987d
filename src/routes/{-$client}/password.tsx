import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireBillingUser } from '@/app/guards';
import { UpdatePasswordScreen } from '@/features/account-settings/update-password-screen';

export const Route = createFileRoute('/{-$client}/password')({
  beforeLoad: requireBillingUser,
  staticData: {
    title: msg`Update password`,
    breadcrumbs: [{ label: msg`Member information`, to: '/{-$client}/member' }],
  },
  component: UpdatePasswordScreen,
});
