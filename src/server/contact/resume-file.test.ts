import { describe, expect, it } from "vitest";
import { checkResume, inspectZip, sniffMagic } from "./resume-file";
import {
  buildZip,
  deflateBombDocx,
  manyEntriesDocx,
  overlappingDocx,
  sampleDoc,
  sampleDocx,
  sampleElf,
  samplePdf,
  samplePe,
} from "../../testing/contact-files";

describe("resume sniffing", () => {
  it("recognises PDF, OLE2 and ZIP by their magic bytes", () => {
    expect(sniffMagic(samplePdf())).toBe("pdf");
    expect(sniffMagic(sampleDoc())).toBe("ole2");
    expect(sniffMagic(sampleDocx())).toBe("zip");
    expect(sniffMagic(sampleElf())).toBeUndefined();
    expect(sniffMagic(Buffer.alloc(0))).toBeUndefined();
  });

  it("accepts a real PDF, DOC and DOCX under their own extensions", () => {
    expect(checkResume("cv.pdf", samplePdf())).toEqual({
      ok: true,
      kind: "pdf",
      mimeType: "application/pdf",
    });
    expect(checkResume("CV.DOC", sampleDoc())).toEqual({
      ok: true,
      kind: "doc",
      mimeType: "application/msword",
    });
    expect(checkResume("cv.docx", sampleDocx())).toEqual({
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
  ])("refuses %s named .pdf", (_label, bytes) => {
    expect(checkResume("resume.pdf", bytes)).toEqual({
      ok: false,
      reason: "content",
      message: "The resume's content is not a .pdf document. Please attach a real .pdf, .doc or .docx file.",
    });
  });

  it("refuses content under the wrong extension and names that are not a resume type", () => {
    expect(checkResume("cv.doc", samplePdf())).toMatchObject({ ok: false, reason: "content" });
    expect(checkResume("cv.docx", sampleDoc())).toMatchObject({ ok: false, reason: "content" });
    expect(checkResume("cv.doc", sampleDoc().subarray(0, 100))).toMatchObject({
      ok: false,
      reason: "content",
    });
    expect(checkResume("cv.exe", samplePdf())).toMatchObject({ ok: false, reason: "extension" });
  });

  it("refuses a ZIP that is not a Word document", () => {
    const jar = buildZip([{ name: "META-INF/MANIFEST.MF", data: Buffer.from("Manifest-Version: 1.0\n") }]);
    expect(checkResume("cv.docx", jar)).toMatchObject({ ok: false, reason: "content" });
    const truncated = sampleDocx().subarray(0, 200);
    expect(checkResume("cv.docx", truncated)).toMatchObject({ ok: false, reason: "content" });
  });
});

describe("zip bomb defences", () => {
  it("reads a normal archive's central directory", () => {
    const result = inspectZip(sampleDocx());
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.entries.map((e) => e.name)).toEqual([
        "[Content_Types].xml",
        "_rels/.rels",
        "word/document.xml",
      ]);
    }
  });

  it("refuses an entry that inflates a thousand times its size", () => {
    const bomb = deflateBombDocx(10);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(checkResume("cv.docx", bomb)).toEqual({
      ok: false,
      reason: "zip_bomb",
      message: "The .docx file expands to far more data than a resume needs and was refused.",
    });
  });

  it("refuses archives declaring more uncompressed bytes than allowed in total", () => {
    const docx = sampleDocx();
    expect(inspectZip(docx, { maxEntries: 1000, maxUncompressedBytes: 200, maxRatio: 200 })).toMatchObject({
      ok: false,
      bomb: true,
    });
  });

  it("refuses more entries than a resume needs", () => {
    expect(checkResume("cv.docx", manyEntriesDocx(1000))).toMatchObject({ ok: true });
    expect(checkResume("cv.docx", manyEntriesDocx(1001))).toMatchObject({ ok: false, reason: "zip_bomb" });
  });

  it("refuses entries that overlap (many directory entries sharing one compressed stream)", () => {
    const bomb = overlappingDocx(50);
    expect(inspectZip(bomb)).toEqual({ ok: false, bomb: true, problem: "overlapping entries" });
    expect(checkResume("cv.docx", bomb)).toMatchObject({ ok: false, reason: "zip_bomb" });
  });
});
