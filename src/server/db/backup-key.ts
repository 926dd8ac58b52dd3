/**
 * The operator's backup key (decision 0095): `BACKUP_KEY`, or `BACKUP_KEY_FILE` naming a file that holds it (a
 * container's or orchestrator's secret file). Read by db:backup and db:restore only; the server never needs it, so
 * a copy of the server's environment or of DATA_DIR does not open a backup.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** The settings the backup commands read, for .env.example's test. */
export const BACKUP_KEY_SETTINGS = ["BACKUP_KEY", "BACKUP_KEY_FILE"] as const;

/** The shortest key accepted: `openssl rand -base64 32` gives 44 characters. */
export const BACKUP_KEY_MIN_LENGTH = 32;

const GENERATE = "openssl rand -base64 32";

/** No usable key: said in one line naming the setting. */
export class BackupKeyError extends Error {
  override name = "BackupKeyError";
}

export interface BackupKey {
  key: string;
  /** Where it came from, for the operator's line: `BACKUP_KEY` or `BACKUP_KEY_FILE (/run/secrets/…)`. */
  source: string;
}

/** The key from the environment, or a BackupKeyError saying which setting to give. */
export function backupKeyFrom(env: NodeJS.ProcessEnv): BackupKey {
  const inline = env.BACKUP_KEY?.trim();
  const file = env.BACKUP_KEY_FILE?.trim();
  if (inline && file) {
    throw new BackupKeyError("set BACKUP_KEY or BACKUP_KEY_FILE, not both");
  }
  if (!inline && !file) {
    throw new BackupKeyError(
      `set BACKUP_KEY (${BACKUP_KEY_MIN_LENGTH}+ random characters: ${GENERATE}) or BACKUP_KEY_FILE (a file holding ` +
        "one): backups are encrypted with it; keep it apart from them",
    );
  }
  let key = inline;
  let source = "BACKUP_KEY";
  if (file) {
    const resolved = path.resolve(file);
    source = `BACKUP_KEY_FILE (${resolved})`;
    try {
      key = readFileSync(resolved, "utf8").trim();
    } catch (err) {
      throw new BackupKeyError(
        `BACKUP_KEY_FILE ${resolved} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      );
    }
  }
  if (!key || key.length < BACKUP_KEY_MIN_LENGTH) {
    throw new BackupKeyError(
      `${file ? `the key in ${source}` : "BACKUP_KEY"} must be at least ${BACKUP_KEY_MIN_LENGTH} characters (${GENERATE})`,
    );
  }
  return { key, source };
}
