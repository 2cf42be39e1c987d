import { Trans, useLingui } from '@lingui/react/macro';
import { staffAdminMachine } from '@machines/console/staff-admin.machine';
import { staffRoleOptions } from '@machines/console/staff-admin.types';
import { inviteFields, type StaffRoleOption, type StaffRow } from '@machines/console/staff-admin.types';
import {
  selectConfirmingDeactivation,
  selectFailure,
  selectInviteProblems,
  selectIsAskingRoleChange,
  selectIsBusy,
  selectNotice,
  selectRoleChange,
  selectStaff,
} from '@machines/console/staff-admin.selectors';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Screen } from '@/components/screen';
import { Field, TextField } from '@/components/text-field';
import { formatDate } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { useConsoleFailureMessage, useRoleName } from './office-messages';
import { createStaffAdminImplementations } from './office.implementations';
import { ColumnHeaders } from '@/components/column-headers';
import { RowButton } from '@/components/row-button';
import { useScreenActor } from '@/lib/use-screen-actor';
import { useStaffAdminEvents } from './staff-events';

/** The lab's staff (office admins): invite, change a role, deactivate. */
export function StaffScreen({ staff, ownEmail }: { staff: StaffRow[]; ownEmail: string }) {
  const { t, i18n } = useLingui();
  const actor = useScreenActor(() => staffAdminMachine.provide(createStaffAdminImplementations()), { input: { staff } });
  const roleName = useRoleName();
  const failureMessage = useConsoleFailureMessage();
  const { changeRole, deactivate, confirm, cancel } = useStaffAdminEvents(actor);
  const rows = useSelector(actor, selectStaff);
  const notice = useSelector(actor, selectNotice);
  const failure = useSelector(actor, selectFailure);
  const confirming = useSelector(actor, selectConfirmingDeactivation);
  const roleChange = useSelector(actor, selectRoleChange);
  const askingRole = useSelector(actor, selectIsAskingRoleChange);
  const busy = useSelector(actor, selectIsBusy);
  const form = useFormFields(actor, {
    fields: inviteFields,
    problems: useSelector(actor, selectInviteProblems),
    message: (field, problem) => {
      if (field === 'role') return t`Choose a role.`;
      if (problem === 'required') return t`Enter the email to invite.`;
      if (problem === 'taken') return t`This email is already staff of this lab.`;
      return t`Enter an email address, such as name@lab.example.`;
    },
  });
  const statusName = (row: StaffRow) =>
    row.status === 'invited' ? t`Invited` : row.status === 'deactivated' ? t`Deactivated` : row.secondFactor ? t`Active` : t`Active, no second step yet`;
  const confirmingRow = rows.find((row) => row.id === confirming);
  const roleChangeRow = askingRole ? rows.find((row) => row.id === roleChange?.id) : undefined;
  // A notice that comes when the focus had nowhere to go (the button that asked went with its row) takes it.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice && (document.activeElement === null || document.activeElement === document.body)) noticeRef.current?.focus();
  }, [notice]);

  return (
    <Screen title={<Trans>Staff</Trans>}>
      {notice ? (
        <div className="notice notice-success" role="status" tabIndex={-1} ref={noticeRef}>
          <p>
            {notice.kind === 'invited' ? (
              <Trans>An invitation went to {notice.email}.</Trans>
            ) : notice.kind === 'roleChanged' ? (
              <Trans>{notice.email} has a new role.</Trans>
            ) : (
              <Trans>{notice.email} is deactivated: their sessions have ended.</Trans>
            )}
          </p>
        </div>
      ) : null}
      {failure ? (
        <p className="form-error" role="alert">
          {failure === 'lastOfficeAdmin' ? t`The lab must keep at least one active office admin.` : failureMessage(failure)}
        </p>
      ) : null}
      {confirmingRow ? (
        <ConfirmDialog
          question={<Trans>Deactivate {confirmingRow.email}? Their sessions end at once and they can no longer sign in.</Trans>}
          yes={<Trans>Deactivate</Trans>}
          no={<Trans>Cancel</Trans>}
          onYes={confirm}
          onNo={cancel}
        />
      ) : null}
      {roleChangeRow && roleChange ? (
        <ConfirmDialog
          question={<Trans>Give {roleChangeRow.email} the role {roleName(roleChange.role)}? They have its rights from their next step in the console.</Trans>}
          yes={<Trans>Change the role</Trans>}
          no={<Trans>Cancel</Trans>}
          onYes={confirm}
          onNo={cancel}
        />
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Staff members`}>
        <table className="data-table">
          <ColumnHeaders names={[t`Email`, t`Role`, t`Status`, t`Since`, t`Actions`]} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.email}</td>
                <td>
                  {row.status === 'deactivated' || row.email === ownEmail ? (
                    roleName(row.role)
                  ) : (
                    <RoleChoice
                      row={row}
                      busy={busy}
                      asking={roleChange?.id === row.id}
                      roleName={roleName}
                      onChange={(role) => changeRole(row.id, role)}
                    />
                  )}
                </td>
                <td>{statusName(row)}</td>
                <td>{formatDate(row.createdAt, i18n.locale)}</td>
                <td>
                  {row.status !== 'deactivated' && row.email !== ownEmail ? (
                    <RowButton busy={busy} onClick={() => deactivate(row.id)}>
                      <Trans>Deactivate {row.email}</Trans>
                    </RowButton>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>
        <Trans>Invite someone</Trans>
      </h2>
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
        <TextField label={<Trans>Email</Trans>} type="email" autoComplete="off" maxLength={254} {...form.field('email')} />
        <Field label={<Trans>Role</Trans>}>
          {(control) => (
            <select {...control} name="role" value={form.field('role').value} onChange={(event) => form.field('role').onChange(event.target.value)}>
              {staffRoleOptions.map((option) => (
                <option key={option} value={option}>
                  {roleName(option)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="field-hint">
          <Trans>Office admins do everything; billing staff work with patients, payments, refunds and imports; read-only staff look and never change.</Trans>
        </p>
        <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send the invitation</Trans>}
        </button>
      </form>
    </Screen>
  );
}

/**
 * A member's role, chosen in a list and changed only by its button (and then a yes): going through
 * the list with the arrow keys changes nothing. The list shows the member's role again when a
 * change is not made.
 */
function RoleChoice({ row, busy, asking, roleName, onChange }: { row: StaffRow; busy: boolean; asking: boolean; roleName: (role: StaffRoleOption) => string; onChange: (role: StaffRoleOption) => void }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<StaffRoleOption>(row.role);
  // Back to the member's role once it changed, or once the question was answered no (adjusted as
  // it renders, as React's docs have it for state that follows a prop).
  const [seen, setSeen] = useState({ asking, role: row.role });
  if (seen.asking !== asking || seen.role !== row.role) {
    setSeen({ asking, role: row.role });
    if (!asking) setChosen(row.role);
  }
  const unchanged = chosen === row.role;
  return (
    <div className="office-actions">
      <select
        aria-label={t`Role of ${row.email}`}
        value={chosen}
        disabled={busy}
        onChange={(event) => setChosen(staffRoleOptions.find((option) => option === event.target.value) ?? row.role)}
      >
        {staffRoleOptions.map((option) => (
          <option key={option} value={option}>
            {roleName(option)}
          </option>
        ))}
      </select>
      <button type="button" className="button button-secondary" aria-disabled={busy || unchanged} onClick={() => {
          if (!busy && !unchanged) onChange(chosen);
        }}
      >
        {/* The row already shows whose: the email is for screen readers, and keeps the button narrow. */}
        <Trans>
          Change the role<span className="visually-hidden"> of {row.email}</span>
        </Trans>
      </button>
    </div>
  );
}
