import { resumeExtensionOf } from "@shared/contact";

/**
 * What a received resume really is, judged by its bytes as well as its name: a .pdf must start with "%PDF-", a .doc
 * must be an OLE2 compound file, a .docx must be a ZIP holding word/document.xml and [Content_Types].xml whose
 * central directory stays within sane limits (no zip bombs). Nothing is ever decompressed.
 */

export type ResumeKind = "pdf" | "doc" | "docx";

export const RESUME_MIME_TYPES: Record<ResumeKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export interface ZipLimits {
  /** Most entries a .docx may list (a long document with many images has a few hundred). */
  maxEntries: number;
  /** Most bytes all entries may inflate to, as their central directory declares. */
  maxUncompressedBytes: number;
  /** Highest compression ratio of any entry above 1 MB uncompressed (Word's XML stays far below it). */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1_000,
  maxUncompressedBytes: 64 * 1024 * 1024,
  maxRatio: 200,
};

export type ResumeCheck =
  | { ok: true; kind: ResumeKind; mimeType: string }
  | { ok: false; reason: "extension" | "content" | "zip_bomb"; message: string };

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;

const DOCX_REQUIRED_ENTRIES = ["[Content_Types].xml", "word/document.xml"];

const startsWith = (bytes: Uint8Array, magic: Uint8Array) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The kind the bytes are, from their magic numbers alone (a ZIP counts as "docx" only after checkDocx). */
export function sniffMagic(bytes: Uint8Array): "pdf" | "ole2" | "zip" | undefined {
  if (startsWith(bytes, PDF_MAGIC)) return "pdf";
  if (startsWith(bytes, OLE2_MAGIC)) return "ole2";
  if (startsWith(bytes, ZIP_LOCAL_MAGIC)) return "zip";
  return undefined;
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipInspection =
  | { ok: true; entries: ZipEntry[]; totalUncompressed: number }
  | { ok: false; bomb: boolean; problem: string };

/**
 * Reads a ZIP's central directory (never its data) and refuses archives that are malformed, multi-part, ZIP64,
 * encrypted, overlapping (the "overlapping files" bomb), or that declare too many entries or too many bytes.
 */
export function inspectZip(bytes: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipInspection {
  const bad = (problem: string, bomb = false): ZipInspection => ({ ok: false, bomb, problem });
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return bad("no end of central directory");
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === SIG_ZIP64_LOCATOR) return bad("ZIP64 archive");
  const disk = bytes.readUInt16LE(eocd + 4);
  const cdDisk = bytes.readUInt16LE(eocd + 6);
  const entriesOnDisk = bytes.readUInt16LE(eocd + 8);
  const totalEntries = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (disk !== 0 || cdDisk !== 0 || entriesOnDisk !== totalEntries) return bad("multi-part archive");
  if (totalEntries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    return bad("ZIP64 archive");
  if (totalEntries > limits.maxEntries) return bad(`${totalEntries} entries`, true);
  if (cdOffset + cdSize > eocd) return bad("central directory out of bounds");

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let totalUncompressed = 0;
  let pos = cdOffset;
  const cdEnd = cdOffset + cdSize;
  for (let i = 0; i < totalEntries; i++) {
    if (pos + CENTRAL_SIZE > cdEnd || bytes.readUInt32LE(pos) !== SIG_CENTRAL)
      return bad("bad central entry");
    const flags = bytes.readUInt16LE(pos + 8);
    const method = bytes.readUInt16LE(pos + 10);
    const compressedSize = bytes.readUInt32LE(pos + 20);
    const uncompressedSize = bytes.readUInt32LE(pos + 24);
    const nameLength = bytes.readUInt16LE(pos + 28);
    const extraLength = bytes.readUInt16LE(pos + 30);
    const commentLength = bytes.readUInt16LE(pos + 32);
    const diskStart = bytes.readUInt16LE(pos + 34);
    const localHeaderOffset = bytes.readUInt32LE(pos + 42);
    const next = pos + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > cdEnd) return bad("bad central entry");
    const name = bytes.toString("utf8", pos + CENTRAL_SIZE, pos + CENTRAL_SIZE + nameLength);
    pos = next;

    if (
      compressedSize === 0xffffffff ||
      uncompressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff
    ) {
      return bad("ZIP64 entry");
    }
    if (diskStart !== 0) return bad("multi-part archive");
    if (flags & 0x1) return bad("encrypted entry");
    if (method !== 0 && method !== 8) return bad(`compression method ${method}`);
    if (method === 0 && compressedSize !== uncompressedSize) return bad("stored entry with mismatched sizes");
    if (names.has(name)) return bad("duplicate entry name");
    names.add(name);
    totalUncompressed += uncompressedSize;
    if (totalUncompressed > limits.maxUncompressedBytes) return bad("too many uncompressed bytes", true);
    if (uncompressedSize > 1024 * 1024 && uncompressedSize > limits.maxRatio * Math.max(compressedSize, 1)) {
      return bad("compression ratio too high", true);
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
  }
  if (pos !== cdEnd) return bad("central directory size mismatch");

  // Every entry's data must lie before the central directory and no two may share bytes: many directory entries
  // pointing into one compressed stream is how the densest zip bombs are built.
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let previousEnd = 0;
  for (const entry of byOffset) {
    const at = entry.localHeaderOffset;
    if (at < previousEnd) return bad("overlapping entries", true);
    if (at + LOCAL_SIZE > cdOffset || bytes.readUInt32LE(at) !== SIG_LOCAL) return bad("bad local header");
    const dataStart = at + LOCAL_SIZE + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > cdOffset) return bad("entry data out of bounds");
    previousEnd = dataEnd;
  }
  return { ok: true, entries, totalUncompressed };
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const last = bytes.length - EOCD_SIZE;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    // The record must end exactly at the end of the file, with its comment.
    if (
      bytes.readUInt32LE(at) === SIG_EOCD &&
      at + EOCD_SIZE + bytes.readUInt16LE(at + 20) === bytes.length
    ) {
      return at;
    }
  }
  return -1;
}

const typeMessage = "Your resume must be a .pdf, .doc or .docx file.";
const mismatch = (ext: string) =>
  `The resume's content is not a ${ext} document. Please attach a real .pdf, .doc or .docx file.`;

/** Checks a received resume by name and by content. */
export function checkResume(
  name: string,
  bytes: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): ResumeCheck {
  const ext = resumeExtensionOf(name);
  if (!ext) return { ok: false, reason: "extension", message: typeMessage };
  const magic = sniffMagic(bytes);
  const ok = (kind: ResumeKind): ResumeCheck => ({ ok: true, kind, mimeType: RESUME_MIME_TYPES[kind] });
  if (ext === ".pdf")
    return magic === "pdf" ? ok("pdf") : { ok: false, reason: "content", message: mismatch(ext) };
  if (ext === ".doc") {
    return magic === "ole2" && bytes.length >= 512
      ? ok("doc")
      : { ok: false, reason: "content", message: mismatch(ext) };
  }
  if (magic !== "zip") return { ok: false, reason: "content", message: mismatch(ext) };
  const zip = inspectZip(bytes, limits);
  if (!zip.ok) {
    return zip.bomb
      ? {
          ok: false,
          reason: "zip_bomb",
          message: "The .docx file expands to far more data than a resume needs and was refused.",
        }
      : { ok: false, reason: "content", message: mismatch(ext) };
  }
  const names = new Set(zip.entries.map((e) => e.name));
  return DOCX_REQUIRED_ENTRIES.every((n) => names.has(n))
    ? ok("docx")
    : { ok: false, reason: "content", message: mismatch(ext) };
}
