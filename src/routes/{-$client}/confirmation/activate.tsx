import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ActivateAccountScreen } from '@/features/registration/activate-account-screen';

export const Route = createFileRoute('/{-$client}/confirmation/activate')({
  staticData: {
    title: msg`Activate your account`,
    breadcrumbs: [{ label: msg`Create an account`, to: '/{-$client}/registration' }],
  },
  component: ActivateAccountScreen,
});
