import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/password-reset/reset-password-screen';

export const Route = createFileRoute('/{-$client}/resetpassword')({
  staticData: {
    title: msg`Reset your password`,
    breadcrumbs: [{ label: msg`Sign in`, to: '/{-$client}/login' }],
  },
  component: ResetPasswordScreen,
});
