import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "@shared/contact";
import { checkResume, inspectZip } from "./resume-file";
import {
  buildZip,
  contentTypesFor,
  deflateBombDocx,
  docxEntries,
  manyEntriesDocx,
  manyMegabytesDocx,
  overlappingDocx,
  quotedOverlapDocx,
  sampleDoc,
  sampleDocx,
  sampleElf,
  samplePdf,
  samplePe,
} from "../../testing/contact-files";

const notA = (ext: string) => ({
  ok: false,
  reason: "content",
  message: `The resume's content is not a ${ext} document. Please attach a real .pdf, .doc or .docx file.`,
});
const BOMB = {
  ok: false,
  reason: "zip_bomb",
  message: "The .docx file expands to far more data than a resume needs and was refused.",
};

describe("resume check by content", () => {
  it("accepts a real PDF, DOC and DOCX under their own extensions", async () => {
    expect(await checkResume("cv.pdf", samplePdf())).toEqual({
      ok: true,
      kind: "pdf",
      mimeType: "application/pdf",
    });
    expect(await checkResume("CV.DOC", sampleDoc())).toEqual({
      ok: true,
      kind: "doc",
      mimeType: "application/msword",
    });
    expect(await checkResume("cv.docx", sampleDocx())).toEqual({
      ok: true,
      kind: "docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
  });

  it.each([
    ["an ELF executable", sampleElf()],
    ["a PE executable", samplePe()],
    ["a Word document", sampleDocx()],
    ["plain text", Buffer.from("hello, I am a PDF")],
    ["an empty file", Buffer.alloc(0)],
  ])("refuses %s named .pdf", async (_label, bytes) => {
    expect(await checkResume("resume.pdf", bytes)).toEqual(notA(".pdf"));
  });

  it("refuses content under the wrong extension and names that are not a resume type", async () => {
    expect(await checkResume("cv.doc", samplePdf())).toEqual(notA(".doc"));
    expect(await checkResume("cv.docx", sampleDoc())).toEqual(notA(".docx"));
    expect(await checkResume("cv.docx", samplePdf())).toEqual(notA(".docx"));
    // Shorter than a compound file's header sector.
    expect(await checkResume("cv.doc", sampleDoc().subarray(0, 100))).toEqual(notA(".doc"));
    expect(await checkResume("cv.exe", samplePdf())).toEqual({
      ok: false,
      reason: "extension",
      message: "Your resume must be a .pdf, .doc or .docx file.",
    });
  });

  it("refuses anything over 5 MB before looking inside", async () => {
    const big = Buffer.concat([samplePdf(), Buffer.alloc(CONTACT_LIMITS.resumeBytes)]);
    expect(await checkResume("cv.pdf", big)).toEqual({
      ok: false,
      reason: "size",
      message: "Your resume must be 5 MB or smaller.",
    });
    const atTheCap = Buffer.concat([
      samplePdf(),
      Buffer.alloc(CONTACT_LIMITS.resumeBytes - samplePdf().length),
    ]);
    expect(await checkResume("cv.pdf", atTheCap)).toMatchObject({ ok: true, kind: "pdf" });
  });

  it("refuses a ZIP that is not a Word document", async () => {
    const jar = buildZip([{ name: "META-INF/MANIFEST.MF", data: Buffer.from("Manifest-Version: 1.0\n") }]);
    expect(await checkResume("cv.docx", jar)).toEqual(notA(".docx"));
    const truncated = sampleDocx().subarray(0, 200);
    expect(await checkResume("cv.docx", truncated)).toEqual(notA(".docx"));
    const withoutDocument = buildZip(docxEntries().filter((e) => e.name !== "word/document.xml"));
    expect(await checkResume("cv.docx", withoutDocument)).toEqual(notA(".docx"));
  });

  it("refuses other Office packages dressed as a .docx: a spreadsheet, a macro-enabled document", async () => {
    const sheet = buildZip(
      docxEntries("x", contentTypesFor("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
    );
    expect(await checkResume("cv.docx", sheet)).toEqual(notA(".docx"));
    const macros = buildZip(
      docxEntries("x", contentTypesFor("application/vnd.ms-word.document.macroEnabled")),
    );
    expect(await checkResume("cv.docx", macros)).toEqual(notA(".docx"));
  });

  it("refuses encrypted entries, unknown compression methods, repeated names and lying stored sizes", async () => {
    const [types, rels, document] = docxEntries();
    const variants = {
      encrypted: buildZip([types!, rels!, { ...document!, encrypted: true }]),
      bzip2: buildZip([types!, rels!, { ...document!, method: 12 }]),
      repeated: buildZip([types!, rels!, document!, document!]),
    };
    for (const [label, zip] of Object.entries(variants)) {
      expect(await checkResume("cv.docx", zip), label).toEqual(notA(".docx"));
    }
    const stored = buildZip([types!, rels!, { ...document!, store: true }]);
    expect(await checkResume("cv.docx", stored)).toMatchObject({ ok: true });
    // The central directory says the stored entry inflates to one byte more than it holds.
    const cdOffset = stored.readUInt32LE(stored.length - 6);
    const lastCentral = stored.lastIndexOf(Buffer.from("PK\x01\x02", "latin1"));
    expect(lastCentral).toBeGreaterThan(cdOffset);
    const lying = Buffer.from(stored);
    lying.writeUInt32LE(lying.readUInt32LE(lastCentral + 24) + 1, lastCentral + 24);
    expect(await checkResume("cv.docx", lying)).toEqual(notA(".docx"));
  });
});

describe("zip bomb defences", () => {
  it("reads a normal archive's entries", async () => {
    const result = await inspectZip(sampleDocx());
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.entries.map((e) => e.name)).toEqual([
        "[Content_Types].xml",
        "_rels/.rels",
        "word/document.xml",
      ]);
    }
  });

  it("refuses an entry that inflates a thousand times its size", async () => {
    const bomb = deflateBombDocx(10);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await inspectZip(bomb)).toEqual({ ok: false, bomb: true, problem: "compression ratio too high" });
    expect(await checkResume("cv.docx", bomb)).toEqual(BOMB);
  });

  it("refuses archives declaring more than 64 MB uncompressed in total", async () => {
    expect(await checkResume("cv.docx", manyMegabytesDocx(60))).toMatchObject({ ok: true });
    const bomb = manyMegabytesDocx(65);
    expect(bomb.length).toBeLessThan(CONTACT_LIMITS.resumeBytes);
    expect(await inspectZip(bomb)).toEqual({ ok: false, bomb: true, problem: "too many uncompressed bytes" });
    expect(await checkResume("cv.docx", bomb)).toEqual(BOMB);
    expect(await inspectZip(sampleDocx(), { ...DEFAULTS, maxUncompressedBytes: 200 })).toMatchObject({
      ok: false,
      bomb: true,
    });
  });

  it("refuses more entries than a resume needs", async () => {
    expect(await checkResume("cv.docx", manyEntriesDocx(1000))).toMatchObject({ ok: true });
    expect(await inspectZip(manyEntriesDocx(1001))).toEqual({
      ok: false,
      bomb: true,
      problem: "1001 entries",
    });
    expect(await checkResume("cv.docx", manyEntriesDocx(1001))).toEqual(BOMB);
  });

  it("refuses entries that overlap (many directory entries sharing one compressed stream)", async () => {
    const bomb = overlappingDocx(50);
    expect(await inspectZip(bomb)).toEqual({ ok: false, bomb: true, problem: "overlapping entries" });
    expect(await checkResume("cv.docx", bomb)).toEqual(BOMB);
  });

  it("refuses an entry quoted inside another one's data", async () => {
    const bomb = quotedOverlapDocx();
    expect(await inspectZip(bomb)).toEqual({ ok: false, bomb: true, problem: "overlapping entries" });
    expect(await checkResume("cv.docx", bomb)).toEqual(BOMB);
  });
});

const DEFAULTS = { maxEntries: 1_000, maxUncompressedBytes: 64 * 1024 * 1024, maxRatio: 200 };
