import { describe, expect, it } from 'vitest';
import { staffRoles, type StaffSession } from '@contracts/console';
import { consoleMachine } from '@machines/console/console.machine';
import { consoleRoles } from '@machines/console/console.types';
import { createActor } from 'xstate';
import { inviteStaff } from '@contracts/console-endpoints';
import { setConsoleBrandColours } from '@contracts/console-branding-endpoints';
import { createApiKey, refundPayment, resendActivationLink, uploadStatement } from '@contracts/console-work-endpoints';
import type { StaffAccess } from '@contracts/endpoint';
import { allowedRoles, selectStaffAllowances, staffAllowances } from './staff-allowances';

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

  it("gives the console's root a state and a tag for each of the contracts' roles, most allowed first", () => {
    expect(consoleRoles).toEqual(staffRoles);
    expect(consoleRoles.map((role) => consoleMachine.getStateNodeById(`console.signedIn.${role}`).tags)).toEqual(staffRoles.map((role) => [`role:${role}`]));
  });

  it("reads the role from the console root's tag: each role's allowances while signed in, none while signed out", () => {
    const allowancesFor = (session: StaffSession) => {
      const root = createActor(consoleMachine).start();
      root.send({ type: 'console.resumed', session });
      const may = selectStaffAllowances(root.getSnapshot());
      root.stop();
      return may;
    };
    for (const role of staffRoles) {
      expect(allowancesFor({ stage: 'signedIn', email: 'office.admin@sunriselabs.example', role, clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 })).toEqual(staffAllowances(role));
    }
    expect(allowancesFor({ stage: 'none' })).toBeNull();
    expect(allowancesFor({ stage: 'enrol', email: 'new.clerk@sunriselabs.example' })).toBeNull();
  });
});
