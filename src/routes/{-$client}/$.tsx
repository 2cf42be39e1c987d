import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';

/** Any other path: the not-found screen, named like every other page (the tab says what it is). */
export const Route = createFileRoute('/{-$client}/$')({
  staticData: {
    answersNotFound: true,
    title: msg`Page not found`,
  },
  component: NotFoundScreen,
});
