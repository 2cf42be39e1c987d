import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TimeoutScreen } from '@/features/timeout/timeout-screen';

export const Route = createFileRoute('/{-$client}/error/timeout')({
  staticData: {
    title: msg`The page took too long to load`,
  },
  component: TimeoutScreen,
});
