/** The separate patient app the sidebar links to (spec section 1). */
export const patientAppUrl = 'https://patients.billing-portal.example/';
