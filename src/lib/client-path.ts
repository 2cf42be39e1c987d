import { isClientCode } from './client-segment';

/** Puts the current client code (if the current path has one) in front of an app path. */
export function withClientPrefix(path: string, currentPathname: string): string {
  const first = currentPathname.split('/')[1] ?? '';
  return isClientCode(first) ? `/${first}${path}` : path;
}

/** The same path under another client: its client segment replaced, or put in front. */
export function underClient(pathname: string, clientCode: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  const tail = (isClientCode(first) ? rest : [first, ...rest]).join('/');
  return tail === '' ? `/${clientCode}` : `/${clientCode}/${tail}`;
}
