import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OfficeHomeScreen } from '@/features/office/office-home-screen';

export const Route = createFileRoute('/{-$client}/office/')({
  staticData: {
    title: msg`Today`,
  },
  component: OfficeHomeScreen,
});
