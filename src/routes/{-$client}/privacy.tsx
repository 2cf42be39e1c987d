import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyScreen } from '@/features/site-info/privacy-screen';

export const Route = createFileRoute('/{-$client}/privacy')({
  staticData: {
    title: msg`Privacy`,
  },
  component: PrivacyScreen,
});
