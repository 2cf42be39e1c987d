import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loadOnce } from '@/lib/rendered-loader-data';
import { loadContact } from '@/features/site-info/contact-api';
import { ContactScreen } from '@/features/site-info/contact-screen';

export const Route = createFileRoute('/{-$client}/contact')({
  loader: ({ context }) => loadOnce('/{-$client}/contact', () => loadContact(context.client.getSnapshot().context.requested)),
  staticData: {
    title: msg`Contact us`,
  },
  component: ContactScreen,
});
