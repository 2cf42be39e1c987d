import type { AnyMachineModel } from './harness';
import * as registered from './registry';

/** Every registered machine model, in the order of their names. */
export const models: readonly AnyMachineModel[] = Object.values(registered as Record<string, AnyMachineModel>).sort((a, b) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
);
