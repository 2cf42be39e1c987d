import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loadOnce } from '@/lib/rendered-loader-data';
import { DocumentsLoadFailed, DocumentsScreen } from '@/features/documents/documents-screen';
import { loadDocuments } from '@/features/documents/load-documents';

// Open to anyone, as specified: the server answers what this visitor may download.
export const Route = createFileRoute('/{-$client}/documents')({
  // Balances and payments change: always ask again, never show a cached list.
  loader: ({ context, params, abortController }) => loadOnce('/{-$client}/documents', () => loadDocuments(context, params.client, abortController.signal)),
  gcTime: 0,
  staticData: {
    title: msg`Documents`,
  },
  component: DocumentsScreen,
  errorComponent: DocumentsLoadFailed,
});
