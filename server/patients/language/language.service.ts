/**
 * The translation language: stored on the user when signed in (and on the session), and for an
 * anonymous visitor in a cookie only, so choosing a language creates no row on the server; en-US
 * when nothing says otherwise.
 */
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { defaultLanguage, languageSchema, type Language } from '@contracts/session';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { SessionRecord, SessionService } from '../../core/sessions/session.service';


function asLanguage(value: string | null | undefined): Language | null {
  const parsed = v.safeParse(languageSchema, value);
  return parsed.success ? parsed.output : null;
}

/** Creates the language preference rules. */
export function createLanguageService({ db, sessions }: { db: Database; sessions: SessionService }) {
  return {
    /** The language for this caller; `cookie` is the anonymous visitor's language cookie, as sent. */
    async get(session: SessionRecord | null, cookie: string | undefined): Promise<Language> {
      if (session?.userId) {
        const [user] = await db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.id, session.userId))
          .limit(1);
        const fromUser = asLanguage(user?.language);
        if (fromUser) return fromUser;
      }
      return asLanguage(session?.language) ?? asLanguage(cookie) ?? defaultLanguage;
    },

    /** Stores the language on the caller's user and session; without a session, nothing (the cookie holds it). */
    async set(session: SessionRecord | null, language: Language): Promise<void> {
      if (!session) return;
      if (session.userId) await db.update(users).set({ language }).where(eq(users.id, session.userId));
      await sessions.setLanguage(session.id, language);
    },
  };
}

export type LanguageService = ReturnType<typeof createLanguageService>;
