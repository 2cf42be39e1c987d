import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireBillingUser } from '@/app/guards';
import { UpdateEmailScreen } from '@/features/member/update-email-screen';

export const Route = createFileRoute('/{-$client}/email')({
  beforeLoad: requireBillingUser,
  staticData: {
    title: msg`Update email`,
    breadcrumbs: [{ label: msg`Member information`, to: '/{-$client}/member' }],
  },
  component: UpdateEmailScreen,
});
