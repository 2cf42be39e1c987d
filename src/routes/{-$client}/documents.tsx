import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { DocumentsScreen } from '@/features/documents/documents-screen';

export const Route = createFileRoute('/{-$client}/documents')({
  staticData: {
    title: msg`Documents`,
    breadcrumbs: [],
  },
  component: DocumentsScreen,
});
