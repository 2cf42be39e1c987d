import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';

export const Route = createFileRoute('/{-$client}/notfound')({
  staticData: {
    answersNotFound: true,
    title: msg`Page not found`,
  },
  component: NotFoundScreen,
});
