import { describe, expect, it } from 'vitest';
import { staffRoles } from '@contracts/console';
import { inviteStaff } from '@contracts/console-endpoints';
import { setConsoleBrandColours } from '@contracts/console-branding-endpoints';
import { createApiKey, refundPayment, resendActivationLink, uploadStatement } from '@contracts/console-work-endpoints';
import type { StaffAccess } from '@contracts/endpoint';
import { allowedRoles, staffAllowances } from './staff-allowances';

describe('what a staff member may do', () => {
  it('follows the roles as the console guide describes them', () => {
    expect(Object.fromEntries(staffRoles.map((role) => [role, staffAllowances(role)]))).toEqual({
      officeAdmin: { helpPatients: true, refund: true, importStatements: true, editBranding: true, manageStaff: true, manageIntegrations: true },
      billingStaff: { helpPatients: true, refund: true, importStatements: true, editBranding: false, manageStaff: false, manageIntegrations: false },
      readOnly: { helpPatients: false, refund: false, importStatements: false, editBranding: false, manageStaff: false, manageIntegrations: false },
    });
  });

  it('gives each allowance to the roles the server lets make its calls', () => {
    const declared = (declaration: { access: StaffAccess }) => declaration.access.staffRoles;
    expect(allowedRoles).toEqual({
      helpPatients: declared(resendActivationLink),
      refund: declared(refundPayment),
      importStatements: declared(uploadStatement),
      editBranding: declared(setConsoleBrandColours),
      manageStaff: declared(inviteStaff),
      manageIntegrations: declared(createApiKey),
    });
  });
});
