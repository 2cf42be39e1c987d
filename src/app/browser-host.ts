/** The browser as the machines' host: the page body, local and session storage, the catalogs over HTTP, the other tabs. */
import type { LanguageEvent } from '@machines/language/language.types';
import type { SessionEvent, TabsEvent } from '@machines/session/session.types';
import { fromCallback, type EventObject, type NonReducibleUnknown } from 'xstate';
import { observeCalls } from '@/lib/api/http';
import { storedLanguage } from '@/lib/i18n';
import { localItem, sessionItem } from '@/lib/storage';
import { showTheme } from '@/lib/theme';
import type { MachineHost } from './actors';
import { createCookieConsentImplementations } from './implementations/cookie-consent.implementations';
import { createLanguageImplementations } from './implementations/language.implementations';

/** The host of the machines in the browser. */
export function browserHost(): MachineHost {
  return {
    body: document.body,
    // A client's theme loads with its lookup; the loader's module only when a client is chosen here.
    themes: {
      load: (lookup, signal) => import('@/lib/theme-stylesheets').then(({ loadTheme }) => loadTheme(document, lookup, signal)).catch(() => null),
      show: (sheet) => showTheme(document, sheet),
    },
    local: localItem,
    session: sessionItem,
    storedLanguage: storedLanguage(),
    language: createLanguageImplementations(),
    cookieConsent: createCookieConsentImplementations({ storage: localItem }),
    reportError: (message, error) => console.error(message, error),
    observeCalls,
    // Other tabs matter only once someone acts here: their module stays out of the first screen's JavaScript.
    otherTabs: {
      session: lazily<TabsEvent, SessionEvent>(() => import('./tabs').then((tabs) => tabs.shareSessionAcrossTabs)),
      language: lazily<EventObject, LanguageEvent>(() => import('./tabs').then((tabs) => tabs.followLanguageAcrossTabs)),
    },
  };
}

/** Both halves of a listener's conversation with its machine. */
interface Conversation<TReceived, TSent> {
  receive: (listener: (event: TReceived) => void) => void;
  sendBack: (event: TSent) => void;
}

/**
 * A machine's listener whose module loads later: what the machine tells it meanwhile waits for
 * the module, and nothing is started once the machine has stopped.
 */
function lazily<TReceived extends EventObject, TSent extends EventObject>(
  load: () => Promise<(conversation: Conversation<TReceived, TSent>) => () => void>,
) {
  return fromCallback<TReceived, NonReducibleUnknown, TSent>(({ receive, sendBack }) => {
    const waiting: TReceived[] = [];
    let deliver = (event: TReceived): void => {
      waiting.push(event);
    };
    receive((event) => deliver(event));
    let stop: (() => void) | null = null;
    let stopped = false;
    void load().then((listen) => {
      if (stopped) return;
      stop = listen({ receive: (listener) => (deliver = listener), sendBack });
      waiting.splice(0).forEach((event) => deliver(event));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  });
}
