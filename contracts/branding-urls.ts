/** Where a client's theme and logo are under the API, built from their declarations (branding-endpoints.ts). */
import { getClientLogo, getClientTheme } from './branding-endpoints';
import { apiBase } from './endpoint';

/** A client's path under the API, from one of these declarations (a path parameter `{code}`). */
function clientPath(endpoint: { path: string }, code: string, query: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return `${apiBase}${endpoint.path.replace('{code}', encodeURIComponent(code))}${search ? `?${search}` : ''}`;
}

/** Where a client's theme stylesheet is. */
export const clientThemeUrl = (code: string, billingGroup?: string | null): string => clientPath(getClientTheme, code, { billingGroup });

/** Where a client's stored logo is, at its version `v`. */
export const clientLogoUrl = (code: string, billingGroup: string | null, version: string): string => clientPath(getClientLogo, code, { billingGroup, v: version });
