import { isAuthorisedUser } from "@shared/auth-access";
import { SessionService, type IssuedSession } from "../server/auth/sessions";
import { upsertGoogleUser } from "../server/auth/users";
import { loadConfig, type Config } from "../server/config";
import { openDatabase, type Database } from "../server/db/client";

/**
 * A Pulse session created straight in the database, as a finished Google sign-in would leave it: for tests, the
 * benchmark and the load test, which need many signed-in clients without going through the per-address sign-in
 * rate limit or the identity provider's pages. The access token is signed with `config.jwtSecret` and the session
 * records that key, so a server started on the same DATA_DIR (or JWT_SECRET) accepts it. The user has no Google
 * refresh token, so the Google re-check ends the session once it falls due (GOOGLE_RECHECK_MINUTES after creation);
 * `refresh_token` is what a browser would hold in its HttpOnly cookie.
 */
export async function createDirectSession(
  db: Database,
  config: Pick<Config, "jwtSecret" | "publicUrl" | "session" | "googleRecheckMs" | "companyDomain">,
  email: string,
): Promise<IssuedSession> {
  const domain = email.split("@")[1] ?? "";
  const local = email.split("@")[0] ?? email;
  const userId = await upsertGoogleUser(
    db,
    {
      subject: `direct-${email.toLowerCase()}`,
      email,
      emailVerified: true,
      name: local,
      givenName: local,
      familyName: null,
      hostedDomain: null,
    },
    {
      authorised: isAuthorisedUser({ email, hd: domain }, config.companyDomain),
      refreshTokenEncrypted: null,
    },
  );
  return new SessionService(db, config).create(userId);
}

/**
 * Sessions for a server that is not running yet, opened on the database its environment names (DATA_DIR's PGlite or
 * DATABASE_URL) and closed again — PGlite allows one process at a time. `env` must carry the server's PORT (or
 * PUBLIC_URL): access tokens name the server's origin.
 */
export async function createSessionsBeforeStart(
  env: Record<string, string>,
  emails: string[],
  prepare?: (db: Database) => Promise<void>,
): Promise<IssuedSession[]> {
  const config = loadConfig({
    NODE_ENV: "development",
    COMPANY_DOMAIN: "acme.com",
    LOG_LEVEL: "silent",
    ...env,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const sessions: IssuedSession[] = [];
    for (const email of emails) sessions.push(await createDirectSession(db, config, email));
    await prepare?.(db);
    return sessions;
  } finally {
    await db.close();
  }
}
