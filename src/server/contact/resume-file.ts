import { fileTypeFromBuffer } from "file-type";
import yauzl from "yauzl";
import { CONTACT_LIMITS, CONTACT_MESSAGES, resumeExtensionOf } from "@shared/contact";

/**
 * What a received resume really is, judged by its bytes as well as its name (ARCHITECTURE §5 Contact pipeline). The
 * format is recognised by file-type (a .pdf must be a PDF, a .doc an OLE2 compound file, a .docx a Word document
 * by its [Content_Types].xml); a .docx's ZIP structure is read by yauzl and held to zip-bomb limits. Parsing
 * untrusted archives is left to maintained libraries on purpose (issue #7 item 19). Nothing is ever inflated here
 * beyond the small [Content_Types].xml file-type reads (it caps that read at 1 MB itself).
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

/** Entries below this size are never judged by their ratio: a few KB of repetitive XML compresses very well. */
const RATIO_THRESHOLD_BYTES = 1024 * 1024;

export type ResumeCheck =
  | { ok: true; kind: ResumeKind; mimeType: string }
  | { ok: false; reason: "extension" | "size" | "content" | "zip_bomb"; message: string };

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

const DOCX_REQUIRED_ENTRIES = ["[Content_Types].xml", "word/document.xml"];
/** Stored and deflated: all Word (and every other office suite) writes. */
const ZIP_METHODS = new Set([0, 8]);

/**
 * Reads a ZIP's central directory and local headers with yauzl (never inflating data) and refuses archives that
 * yauzl cannot read (truncated, multi-disk, bad signatures, data beyond the end), that are encrypted, use another
 * compression method or repeat a name, or that are bombs: too many entries, too many bytes declared in total, an
 * entry inflating too far, or entries sharing bytes (the "overlapping files" bomb).
 */
export async function inspectZip(
  bytes: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipInspection> {
  const bad = (problem: string, bomb = false): ZipInspection => ({ ok: false, bomb, problem });
  let zip: yauzl.ZipFile;
  try {
    // validateEntrySizes: a stored entry's two sizes must agree; strictFileNames: no backslash paths.
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (err) {
    return bad(problemOf(err));
  }
  try {
    // Counted from the end record before a single entry is read.
    if (zip.entryCount > limits.maxEntries) return bad(`${zip.entryCount} entries`, true);

    const entries: ZipEntry[] = [];
    const spans: { start: number; end: number }[] = [];
    const names = new Set<string>();
    let totalUncompressed = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (entry.isEncrypted()) return bad("encrypted entry");
      if (!ZIP_METHODS.has(entry.compressionMethod))
        return bad(`compression method ${entry.compressionMethod}`);
      if (names.has(name)) return bad("duplicate entry name");
      names.add(name);
      totalUncompressed += entry.uncompressedSize;
      if (totalUncompressed > limits.maxUncompressedBytes) return bad("too many uncompressed bytes", true);
      if (
        entry.uncompressedSize > RATIO_THRESHOLD_BYTES &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      ) {
        return bad("compression ratio too high", true);
      }
      // yauzl checks the local header's signature and that the entry's data ends inside the file.
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      spans.push({ start: entry.relativeOffsetOfLocalHeader, end: fileDataStart + entry.compressedSize });
      entries.push({
        name,
        method: entry.compressionMethod,
        flags: entry.generalPurposeBitFlag,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        localHeaderOffset: entry.relativeOffsetOfLocalHeader,
      });
    }
    // No two entries may share bytes: many directory entries pointing into one compressed stream is how the densest
    // zip bombs are built, and yauzl (like most readers) does not look for it.
    spans.sort((a, b) => a.start - b.start);
    let previousEnd = 0;
    for (const span of spans) {
      if (span.start < previousEnd) return bad("overlapping entries", true);
      previousEnd = span.end;
    }
    return { ok: true, entries, totalUncompressed };
  } catch (err) {
    return bad(problemOf(err));
  } finally {
    zip.close();
  }
}

const problemOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

const mismatch = (ext: string) =>
  `The resume's content is not a ${ext} document. Please attach a real .pdf, .doc or .docx file.`;

/** Checks a received resume by name, size and content. */
export async function checkResume(
  name: string,
  bytes: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ResumeCheck> {
  const ext = resumeExtensionOf(name);
  if (!ext) return { ok: false, reason: "extension", message: CONTACT_MESSAGES.resumeType };
  // The multipart reader stops at the cap already; this keeps the parsers below bounded whoever calls them.
  if (bytes.length > CONTACT_LIMITS.resumeBytes)
    return { ok: false, reason: "size", message: CONTACT_MESSAGES.resumeTooLarge };
  const ok = (kind: ResumeKind): ResumeCheck => ({ ok: true, kind, mimeType: RESUME_MIME_TYPES[kind] });
  const notIt: ResumeCheck = { ok: false, reason: "content", message: mismatch(ext) };

  if (ext === ".docx") {
    // The archive's limits first, so that a bomb is called a bomb whatever file-type would make of it.
    const zip = await inspectZip(bytes, limits);
    if (!zip.ok) {
      return zip.bomb
        ? {
            ok: false,
            reason: "zip_bomb",
            message: "The .docx file expands to far more data than a resume needs and was refused.",
          }
        : notIt;
    }
    const names = new Set(zip.entries.map((e) => e.name));
    if (!DOCX_REQUIRED_ENTRIES.every((n) => names.has(n))) return notIt;
  }

  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  if (ext === ".pdf") return detected === "pdf" ? ok("pdf") : notIt;
  // A compound file is at least its 512-byte header sector; file-type looks at the first 8 bytes only.
  if (ext === ".doc") return detected === "cfb" && bytes.length >= 512 ? ok("doc") : notIt;
  // "docx" only: a macro-enabled document (docm), a template, a spreadsheet or a jar is not a Word resume.
  return detected === "docx" ? ok("docx") : notIt;
}
