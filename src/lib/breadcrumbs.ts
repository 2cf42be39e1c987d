import type { MessageDescriptor } from '@lingui/core';

/** One step of a screen's breadcrumb trail: a translated label and where it leads. */
export interface Breadcrumb {
  label: MessageDescriptor;
  /** A route path under the client prefix, e.g. '/{-$client}/invoices'. */
  to: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's title, also its last breadcrumb. */
    title?: MessageDescriptor;
    /** The trail before the screen itself (Home is always first and need not be listed). */
    breadcrumbs?: Breadcrumb[];
  }
}
