/**
 * The translation language: stored on the user when signed in, else on the (possibly anonymous)
 * session; en-US when neither has one.
 */
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { defaultLanguage, languageSchema, type Language } from '@contracts/session';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { SessionRecord, SessionService } from '../sessions/session.service';


function asLanguage(value: string | null | undefined): Language | null {
  const parsed = v.safeParse(languageSchema, value);
  return parsed.success ? parsed.output : null;
}

/** Creates the language preference rules. */
export function createLanguageService({ db, sessions }: { db: Database; sessions: SessionService }) {
  return {
    /** The language for this caller. */
    async get(session: SessionRecord | null): Promise<Language> {
      if (session?.userId) {
        const [user] = await db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.id, session.userId))
          .limit(1);
        const fromUser = asLanguage(user?.language);
        if (fromUser) return fromUser;
      }
      return asLanguage(session?.language) ?? defaultLanguage;
    },

    /**
     * Stores the language for this caller. Without a session an anonymous one is started to
     * hold it; its cookie token is returned for the caller to set.
     */
    async set(session: SessionRecord | null, language: Language): Promise<{ newSessionToken: string | null }> {
      if (!session) {
        const created = await sessions.create({ userId: null, clientId: null, role: null, accountId: null, language });
        return { newSessionToken: created.token };
      }
      if (session.userId) await db.update(users).set({ language }).where(eq(users.id, session.userId));
      await sessions.setLanguage(session.id, language);
      return { newSessionToken: null };
    },
  };
}

export type LanguageService = ReturnType<typeof createLanguageService>;
