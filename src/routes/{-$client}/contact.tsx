import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loadOnce } from '@/lib/rendered-loader-data';
import { loadContact } from '@/features/site-info/contact-api';
import { ContactScreen } from '@/features/site-info/contact-screen';

export const Route = createFileRoute('/{-$client}/contact')({
  // The loader travels with the screen: its call and schema stay out of the first page's code.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => loadOnce('/{-$client}/contact', () => loadContact(context.client.getSnapshot().context.requested)),
  staticData: {
    title: msg`Contact us`,
  },
  component: ContactScreen,
});
