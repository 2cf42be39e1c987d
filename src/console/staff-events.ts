/** Named functions for the Staff screen's events, so its view never builds event objects. */
import type { StaffAdminMachine } from '@machines/console/staff-admin.machine';
import type { StaffRoleOption } from '@machines/console/staff-admin.types';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StaffAdminActor = ActorRefFrom<StaffAdminMachine>;

/** The list's and the questions' events (the invite form's are `useFormFields`'). */
export function useStaffAdminEvents(actor: StaffAdminActor) {
  return useMemo(
    () => ({
      changeRole: (id: number, role: StaffRoleOption) => actor.send({ type: 'staff.changeRole', id, role }),
      deactivate: (id: number) => actor.send({ type: 'staff.deactivate', id }),
      confirm: () => actor.send({ type: 'staff.confirm' }),
      cancel: () => actor.send({ type: 'staff.cancel' }),
    }),
    [actor],
  );
}
