import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetEmailSentScreen } from '@/features/password-reset/reset-email-sent-screen';

export const Route = createFileRoute('/{-$client}/forgot/password/email')({
  staticData: {
    // It shows the address asked for last, which only this tab's session storage knows.
    rendersInBrowser: true,
    title: msg`Check your email`,
    breadcrumbs: [
      { label: msg`Sign in`, to: '/{-$client}/login' },
      { label: msg`Forgot your password?`, to: '/{-$client}/forgotpassword' },
    ],
  },
  component: ResetEmailSentScreen,
});
