import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export interface DataDirLock {
  release(): void;
}

/**
 * An exclusive lock on DATA_DIR for the embedded database, held as a file naming the owning process. A lock left
 * by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Owner-only, as all of DATA_DIR (data-dir-access.ts).
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Pulse server (pid ${owner}); stop it or set DATA_DIR`,
        );
      }
      if (owner === process.pid) {
        throw new DataDirLockedError(`The embedded database in ${dataDir} is already open in this process`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
