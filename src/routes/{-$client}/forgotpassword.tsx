import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '@/features/password-reset/forgot-password-screen';

export const Route = createFileRoute('/{-$client}/forgotpassword')({
  staticData: {
    title: msg`Forgot your password?`,
    breadcrumbs: [{ label: msg`Sign in`, to: '/{-$client}/login' }],
  },
  component: ForgotPasswordScreen,
});
