/**
 * DATA_DIR is reachable by the account Pulse runs as and by no other (decision 0095): folders 0700, files 0600.
 *
 * Neither PGlite nor the umask can be trusted with that: PGlite unpacks its initial database with explicit 0666
 * modes whatever the umask, restores a dump the same way, and writes some files through `fopen` (0666 less the
 * umask). So Pulse creates DATA_DIR 0700 itself, then takes the modes away from what PGlite wrote after each step
 * that writes (opening, migrating, restoring, closing). The 0700 folder is what keeps others out in between.
 *
 * At start a DATA_DIR found open to others is repaired, not refused (PostgreSQL refuses): the loose modes are
 * Pulse's own doing in every release before this one. One it cannot repair, because another account owns it, is
 * refused as PostgreSQL refuses a data folder of the wrong owner.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const GROUP_OR_OTHER = 0o077;

/** DATA_DIR cannot be made owner-only: another account owns it, or it is not a folder. */
export class DataDirAccessError extends Error {
  override name = "DataDirAccessError";
}

/** Creates `dir` (and any missing parent) readable by its owner only; an existing folder is left as it is. */
export function createOwnerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Every folder and file under `dir` (itself included) that grants anything to group or others: what
 * `find dir -perm /077` lists, less symbolic links (whose own modes grant nothing).
 */
export function reachableByOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry, { throwIfNoEntry: false });
    // Gone since its folder was read (PGlite removes its temporary files): nothing left to protect.
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.mode & GROUP_OR_OTHER) found.push(entry);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

/** Takes group and other bits from everything under `dir`; resolves to what it changed. */
export function makeOwnerOnly(dir: string): string[] {
  const loose = reachableByOthers(dir);
  for (const entry of loose) {
    const stat = lstatSync(entry, { throwIfNoEntry: false });
    if (!stat) continue;
    try {
      chmodSync(entry, stat.isDirectory() ? 0o700 : stat.mode & 0o700);
    } catch (err) {
      throw new DataDirAccessError(
        `${entry} is open to other accounts and cannot be made owner-only (${(err as NodeJS.ErrnoException).code ?? String(err)}); ` +
          "give DATA_DIR and all it holds to the account Pulse runs as (chown -R)",
      );
    }
  }
  return loose;
}

/**
 * Checks that DATA_DIR is a folder of the account Pulse runs as (`uid`, the process's own unless a test says
 * otherwise), then makes all it holds owner-only. Resolves to what was open to others before.
 */
export function secureDataDir(dataDir: string, uid: number | undefined = process.getuid?.()): string[] {
  const stat = statSync(dataDir);
  if (!stat.isDirectory()) throw new DataDirAccessError(`${dataDir} is not a folder (check DATA_DIR)`);
  if (uid !== undefined && stat.uid !== uid) {
    throw new DataDirAccessError(
      `${dataDir} belongs to another account (uid ${stat.uid}), not to the one Pulse runs as (uid ${uid}): ` +
        "chown it to that account, or set DATA_DIR to a folder inside it, which Pulse creates owner-only",
    );
  }
  return makeOwnerOnly(dataDir);
}
