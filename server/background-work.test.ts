import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work';

describe('background work', () => {
  it('starts a task only after the current turn, and settles once it and the tasks it started are done', async () => {
    const failures: string[] = [];
    const work = createBackgroundWork({ onError: (name) => failures.push(name) });
    const done: string[] = [];
    work.run('outer', async () => {
      await Promise.resolve();
      done.push('outer');
      work.run('inner', () => Promise.resolve(void done.push('inner')));
    });
    // The handler that started it answers first.
    expect(done).toEqual([]);
    expect(work.pending()).toBe(1);
    await work.settled();
    expect(done).toEqual(['outer', 'inner']);
    expect(work.pending()).toBe(0);
    expect(failures).toEqual([]);
  });

  it('reports a task that fails by its name, and goes on with the others', async () => {
    const failures: { name: string; error: unknown }[] = [];
    const work = createBackgroundWork({ onError: (name, error) => failures.push({ name, error }) });
    const boom = new Error('no database');
    let ran = false;
    work.run('a reset link', () => Promise.reject(boom));
    work.run('another task', () => Promise.resolve(void (ran = true)));
    await work.settled();
    expect(failures).toEqual([{ name: 'a reset link', error: boom }]);
    expect(ran).toBe(true);
  });

  it('survives a reporter that throws', async () => {
    const work = createBackgroundWork({
      onError: () => {
        throw new Error('the logger is gone');
      },
    });
    work.run('failing', () => Promise.reject(new Error('failed')));
    await expect(work.settled()).resolves.toBeUndefined();
  });
});
