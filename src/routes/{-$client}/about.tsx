import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '@/features/site-info/about-screen';

export const Route = createFileRoute('/{-$client}/about')({
  staticData: {
    title: msg`About this portal`,
  },
  component: AboutScreen,
});
