import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetEmailSentScreen } from '@/features/password-reset/reset-email-sent-screen';

export const Route = createFileRoute('/{-$client}/forgot/password/email')({
  staticData: {
    title: msg`Check your email`,
    breadcrumbs: [
      { label: msg`Sign in`, to: '/{-$client}/login' },
      { label: msg`Forgot your password?`, to: '/{-$client}/forgotpassword' },
    ],
  },
  component: ResetEmailSentScreen,
});
