import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireUserOrGuest } from '@/app/guards';
import { InvoicesScreen } from '@/features/invoices/invoices-screen';

export const Route = createFileRoute('/{-$client}/invoices')({
  beforeLoad: requireUserOrGuest,
  staticData: {
    title: msg`Your invoices`,
    breadcrumbs: [],
  },
  component: InvoicesScreen,
});
