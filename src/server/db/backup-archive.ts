/**
 * The sealed archive a backup is (decision 0095): a tar (`tar-stream`) encrypted and authenticated as a whole with
 * AES-256-GCM, under a key derived with scrypt from the operator's key and a salt of its own.
 *
 *   {"format":"pulse-backup",…,"salt":…,"iv":…}\n   one line in clear: what the file is and how to open it
 *   ciphertext                                        the tar, encrypted; the line above is its additional data
 *   tag                                               16 bytes: GCM's authentication tag over both
 *
 * A reader decrypts the whole file and checks the tag before it reads one entry of the tar: a changed byte anywhere,
 * or another key, opens nothing.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from "node:crypto";
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { extract, pack, type Pack } from "tar-stream";
import { z } from "zod";

export const ARCHIVE_FORMAT = "pulse-backup";
const ARCHIVE_VERSION = 2;
const CIPHER = "aes-256-gcm";
const TAG_BYTES = 16;
/** scrypt's cost: 32 MiB and a fraction of a second per backup, so a key that is weaker than asked still costs. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
/** The header line is a few hundred bytes: a longer first line is not a Pulse backup. */
const MAX_HEADER_BYTES = 1024;

/** A file of the archive: its name and its bytes (a Blob is streamed, never copied whole). */
export interface ArchiveEntry {
  name: string;
  data: Buffer | Blob;
}

/** Why an archive does not open: not one, or one that fails authentication. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
  constructor(
    readonly reason: "not-an-archive" | "unknown-version" | "unencrypted" | "unauthenticated" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

const headerSchema = z
  .object({
    format: z.literal(ARCHIVE_FORMAT),
    version: z.literal(ARCHIVE_VERSION),
    cipher: z.literal(CIPHER),
    kdf: z.literal("scrypt"),
    // Bounded, so a crafted header cannot make the reader spend minutes or gigabytes before the tag is checked.
    N: z
      .number()
      .int()
      .min(2 ** 14)
      .max(2 ** 17)
      .refine((n) => (n & (n - 1)) === 0),
    r: z.number().int().min(1).max(8),
    p: z.number().int().min(1).max(2),
    salt: z.base64().refine((s) => Buffer.from(s, "base64").length === 16),
    iv: z.base64().refine((s) => Buffer.from(s, "base64").length === 12),
  })
  .strict();
type Header = z.infer<typeof headerSchema>;

function cipherKey(secret: string, header: Header): Promise<Buffer> {
  const options: ScryptOptions = { N: header.N, r: header.r, p: header.p, maxmem: 256 * header.N * header.r };
  return new Promise((resolve, reject) =>
    scrypt(secret, Buffer.from(header.salt, "base64"), 32, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** The archive's bytes, in order, for a writer to stream to a file. */
export async function* sealArchive(entries: ArchiveEntry[], secret: string): AsyncGenerator<Uint8Array> {
  const header: Header = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    cipher: CIPHER,
    kdf: "scrypt",
    ...SCRYPT,
    salt: randomBytes(16).toString("base64"),
    iv: randomBytes(12).toString("base64"),
  };
  const line = Buffer.from(JSON.stringify(header) + "\n");
  const cipher = createCipheriv(CIPHER, await cipherKey(secret, header), Buffer.from(header.iv, "base64"));
  cipher.setAAD(line);
  yield line;
  const tar = pack();
  const packing = packEntries(tar, entries).catch((err: unknown) => {
    tar.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  try {
    for await (const chunk of tar) {
      const out = cipher.update(chunk as Buffer);
      if (out.length > 0) yield out;
    }
    await packing;
  } finally {
    tar.destroy();
  }
  yield cipher.final();
  yield cipher.getAuthTag();
}

async function packEntries(tar: Pack, entries: ArchiveEntry[]): Promise<void> {
  const mtime = new Date();
  for (const { name, data } of entries) {
    const header = { name, mode: 0o600, mtime, type: "file" as const };
    if (Buffer.isBuffer(data)) {
      await new Promise<void>((resolve, reject) =>
        tar.entry({ ...header, size: data.length }, data, (err) => (err ? reject(err) : resolve())),
      );
      continue;
    }
    await new Promise<void>((resolve, reject) => {
      const entry = tar.entry({ ...header, size: data.size }, (err) => (err ? reject(err) : resolve()));
      // Readable.fromWeb reads the Blob a chunk at a time; pipe waits for the tar stream to drain.
      Readable.fromWeb(data.stream() as WebReadableStream<Uint8Array>)
        .on("error", reject)
        .pipe(entry);
    });
  }
  tar.finalize();
}

/**
 * Opens an archive with the operator's key: checks its header, decrypts it whole and checks its tag, then reads the
 * tar. `limits` caps each named entry's size (the others are refused); `large` names the one entry returned as a
 * Blob of `type`, the rest as Buffers.
 */
export async function openArchive(
  file: string,
  secret: string,
  { limits, large, type }: { limits: Record<string, number>; large: string; type: string },
): Promise<Map<string, Buffer | Blob>> {
  const size = statSync(file).size;
  const { header, length } = readHeader(file);
  if (size < length + TAG_BYTES) throw new ArchiveError("malformed", "is truncated");
  const tag = readRange(file, size - TAG_BYTES, TAG_BYTES);
  const decipher = createDecipheriv(
    CIPHER,
    await cipherKey(secret, header),
    Buffer.from(header.iv, "base64"),
  );
  decipher.setAAD(readRange(file, 0, length));
  decipher.setAuthTag(tag);
  // The plaintext is held until the tag is checked: nothing of a changed file is read, let alone written.
  const plain: Buffer[] = [];
  if (size - TAG_BYTES > length) {
    for await (const chunk of createReadStream(file, { start: length, end: size - TAG_BYTES - 1 })) {
      plain.push(decipher.update(chunk as Buffer));
    }
  }
  try {
    plain.push(decipher.final());
  } catch {
    throw new ArchiveError(
      "unauthenticated",
      "does not authenticate: it was changed since it was written, or it was not made with this key",
    );
  }

  const entries = new Map<string, Buffer | Blob>();
  const reader = extract();
  Readable.from(plain).pipe(reader);
  try {
    for await (const entry of reader) {
      const { name, type: kind, size: entrySize = 0 } = entry.header;
      const limit = limits[name];
      if (kind !== "file" || limit === undefined || entries.has(name) || entrySize > limit) {
        throw new ArchiveError("malformed", `holds an unexpected entry (${name})`);
      }
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      // tar-stream's chunks are views of plain ArrayBuffers (never shared ones), which is what Blob takes.
      for await (const chunk of entry) chunks.push(chunk as Uint8Array<ArrayBuffer>);
      entries.set(name, name === large ? new Blob(chunks, { type }) : Buffer.concat(chunks));
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError("malformed", `cannot be read as an archive (${(err as Error).message})`);
  }
  return entries;
}

function readHeader(file: string): { header: Header; length: number } {
  const start = readRange(file, 0, MAX_HEADER_BYTES, true);
  const end = start.indexOf(0x0a);
  // Backups of Pulse before this format were a plain tar starting with their description's name.
  if (start.subarray(0, 17).toString("latin1") === "pulse-backup.json") {
    throw new ArchiveError("unencrypted", "is an unencrypted backup of an earlier Pulse");
  }
  const notOne = new ArchiveError("not-an-archive", "no Pulse backup header");
  if (end < 0) throw notOne;
  let parsed: unknown;
  try {
    parsed = JSON.parse(start.subarray(0, end).toString("utf8"));
  } catch {
    throw notOne;
  }
  const header = headerSchema.safeParse(parsed);
  if (!header.success) {
    if ((parsed as { format?: unknown } | null)?.format !== ARCHIVE_FORMAT) throw notOne;
    throw new ArchiveError(
      "unknown-version",
      `is a Pulse backup of a format this Pulse does not read (it reads ${ARCHIVE_FORMAT} ${ARCHIVE_VERSION})`,
    );
  }
  return { header: header.data, length: end + 1 };
}

function readRange(file: string, offset: number, size: number, partial = false): Buffer {
  const data = Buffer.alloc(size);
  const fd = openSync(file, "r");
  try {
    const read = readSync(fd, data, 0, size, offset);
    if (read < size && !partial) throw new ArchiveError("malformed", "is truncated");
    return data.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
