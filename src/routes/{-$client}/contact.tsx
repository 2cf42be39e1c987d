import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ContactScreen } from '@/features/site-info/contact-screen';

export const Route = createFileRoute('/{-$client}/contact')({
  staticData: {
    title: msg`Contact us`,
  },
  component: ContactScreen,
});
