import { isClientCode } from './client-segment';

/** Puts the current client code (if the current path has one) in front of an app path. */
export function withClientPrefix(path: string, currentPathname: string): string {
  const first = currentPathname.split('/')[1] ?? '';
  return isClientCode(first) ? `/${first}${path}` : path;
}
