import { createActor } from 'xstate';
import { createLiveInspector } from './inspection/live-inspector';

// `import.meta.env.MODE` is a constant in every build: in a production build this is false, the
// inspector's module is left out of the bundle and createAppActor is createActor itself.
const inspect = import.meta.env.MODE === 'inspect' ? createLiveInspector() : null;

/**
 * `createActor`, for every actor the app starts: under `npm run dev:inspect` the actor reports
 * its states to the development page at /__inspect/; otherwise it is `createActor` itself.
 */
export const createAppActor: typeof createActor = inspect === null ? createActor : (logic, ...[options]) => createActor(logic, { ...options, inspect });
