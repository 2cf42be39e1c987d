/** A screen's message to one of the app's machines reaches it, or fails loudly: never lost unheard. */
import { createActor, createMachine, sendTo, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { appActor } from './app-system';
import { startQuietApp } from './app.fixtures';
import { appChildren } from './app.machine';
import { appSystemIds } from './app.types';

/** A screen's machine that tells the session something when asked to. */
const tellsSession = setup({
  types: { events: {} as { type: 'screen.tell' } },
  actions: { tellSession: sendTo(appActor(appSystemIds.session), { type: 'session.recheck' }) },
}).createMachine({ id: 'screen', on: { 'screen.tell': { actions: 'tellSession' } } });

describe('a message to one of the app’s machines', () => {
  it('reaches the machine of that system id in the app', () => {
    const { app } = startQuietApp();
    const sent: string[] = [];
    appChildren(app).session.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.actorRef === appChildren(app).session) sent.push(event.event.type);
    });
    const screen = createActor(tellsSession, { parent: app }).start();
    screen.send({ type: 'screen.tell' });
    expect(screen.getSnapshot().status).toBe('active');
    expect(sent).toEqual(['session.recheck']);
  });

  it('fails, in development and tests, when the app has no machine of that id, instead of being dropped', () => {
    // An app whose session was started under a misspelt system id.
    const app = createActor(createMachine({ id: 'app' }), { systemId: appSystemIds.app }).start();
    const screen = createActor(tellsSession, { parent: app });
    const errors: unknown[] = [];
    screen.subscribe({ error: (error) => errors.push(error) });
    // The screen's failure reaches the app too, which here has nothing to do with it.
    app.subscribe({ error: (error) => errors.push(error) });
    screen.start();
    screen.send({ type: 'screen.tell' });
    expect(screen.getSnapshot().status).toBe('error');
    expect(errors.map(String)).toEqual(Array(2).fill('Error: The app\'s system has no actor "session": the message to it would be lost.'));
  });

  it('goes to the machine itself when it runs alone, as in its own tests and chart', () => {
    const screen = createActor(tellsSession).start();
    screen.send({ type: 'screen.tell' });
    expect(screen.getSnapshot().status).toBe('active');
  });
});
