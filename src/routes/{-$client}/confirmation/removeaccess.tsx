import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RemoveAccessScreen } from '@/features/registration/remove-access-screen';

export const Route = createFileRoute('/{-$client}/confirmation/removeaccess')({
  staticData: {
    // The link's token is in the fragment, which only the browser sees; the page takes it from there.
    rendersInBrowser: true,
    title: msg`Remove access to your account`,
  },
  component: RemoveAccessScreen,
});
