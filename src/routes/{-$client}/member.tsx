import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireBillingUser } from '@/app/guards';
import { MemberScreen } from '@/features/member/member-screen';

export const Route = createFileRoute('/{-$client}/member')({
  beforeLoad: requireBillingUser,
  staticData: {
    title: msg`Member information`,
  },
  component: MemberScreen,
});
