/**
 * Work a request hands off to run after its answer: what must not show in the answer's timing
 * (whether an address has an account, for one) or need not hold the answer back.
 *
 * A task starts on a later turn of the event loop, once the handler has returned its answer. A
 * task that fails is reported through `onError` (the caller logs it, described without its
 * inputs): nothing is lost silently. `settled()` resolves once every task started so far, and any
 * task those start, has finished: tests wait for it instead of sleeping, and the server's shutdown
 * waits for it before the database closes.
 *
 * What runs here lives in this process only: a process killed in the moment between an answer and
 * its task loses that task (an email the person can ask for again), which is the price of
 * answering before the work; a stop by SIGTERM finishes it first.
 */
export interface BackgroundWork {
  /** Starts `task` after the current turn; `name` says in a failure's report what failed (no personal data). */
  run(name: string, task: () => Promise<void>): void;
  /** How many tasks are started and not finished. */
  pending(): number;
  /** Resolves once no task is pending, however many were started meanwhile. */
  settled(): Promise<void>;
}

export interface BackgroundWorkDeps {
  /** Told of every task that fails; `error` is what it threw. */
  onError: (name: string, error: unknown) => void;
}

export function createBackgroundWork({ onError }: BackgroundWorkDeps): BackgroundWork {
  const running = new Set<Promise<void>>();

  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => {
          try {
            onError(name, error);
          } catch {
            // A reporter that throws must not turn into an unhandled rejection that ends the process.
          }
        })
        .finally(() => running.delete(done));
      running.add(done);
    },

    pending: () => running.size,

    async settled() {
      // A finished task may have started another: look again until none is left.
      while (running.size > 0) await Promise.all(running);
    },
  };
}
