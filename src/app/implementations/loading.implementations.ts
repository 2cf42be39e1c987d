/** The loading machine's one effect: leaving for the time-out screen. */
import type { loadingMachine } from '@machines/loading/loading.machine';
import type { MachineImplementationsFrom } from 'xstate';
import { withClientPrefix } from '@/lib/client-path';
import type { AppNavigation } from '@/lib/navigation';

/** Creates the loading machine's implementations: the time-out screen keeps the client prefix. */
export function createLoadingImplementations({ navigation }: { navigation: AppNavigation }): MachineImplementationsFrom<typeof loadingMachine> {
  return {
    actions: {
      navigateToTimeout: () => navigation.goTo(withClientPrefix('/error/timeout', navigation.currentPath())),
    },
  };
}
