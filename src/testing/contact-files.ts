import { crc32, deflateRawSync } from "node:zlib";

/**
 * Sample resumes for tests (unit, server integration and end-to-end): real minimal PDF, OLE2 and OOXML files, plus
 * the hostile ones — executables named .pdf and ZIPs built to expand far beyond their size.
 */

export function samplePdf(text = "Ada Lovelace — resume"): Buffer {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj
% ${text}
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, "utf8");
}

/** An OLE2 compound-file header followed by empty sectors: what a .doc starts with. */
export function sampleDoc(): Buffer {
  const bytes = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  bytes.writeUInt16LE(0x003e, 24); // minor version
  bytes.writeUInt16LE(0x0003, 26); // major version 3
  bytes.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  bytes.writeUInt16LE(9, 30); // 512-byte sectors
  return bytes;
}

export interface ZipFileEntry {
  name: string;
  data: Buffer;
  /** Deflate (default) or store. */
  store?: boolean;
  /** Writes another compression method number into the headers (the data stays deflated or stored). */
  method?: number;
  /** Sets the "encrypted" flag (the data itself is left as it is). */
  encrypted?: boolean;
}

/** A plain ZIP archive (deflated entries, no data descriptors) as Word and every zip tool write it. */
export function buildZip(entries: ZipFileEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const method = entry.method ?? (entry.store ? 0 : 8);
    const payload = entry.store ? entry.data : deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const flags = 0x0800 | (entry.encrypted ? 0x0001 : 0); // UTF-8 names
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(payload.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(payload.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, payload);
    centrals.push(central, name);
    offset += local.length + name.length + payload.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endOfCentralDirectory(entries.length, cd.length, offset)]);
}

function endOfCentralDirectory(count: number, cdSize: number, cdOffset: number): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(count, 8);
  eocd.writeUInt16LE(count, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return eocd;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
/** [Content_Types].xml of another OOXML kind (`…spreadsheetml.sheet`, `…ms-word.document.macroEnabled`). */
export const contentTypesFor = (mainType: string) =>
  CONTENT_TYPES.replace(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    `${mainType}.main+xml`,
  );
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentXml = (text: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;

/** The three parts of a minimal Word document, to build variants of it with `buildZip`. */
export function docxEntries(text = "Grace Hopper — resume", contentTypes = CONTENT_TYPES): ZipFileEntry[] {
  return [
    { name: "[Content_Types].xml", data: Buffer.from(contentTypes) },
    { name: "_rels/.rels", data: Buffer.from(RELS) },
    { name: "word/document.xml", data: Buffer.from(documentXml(text)) },
  ];
}

/** A minimal Word document Word itself opens. */
export function sampleDocx(text = "Grace Hopper — resume"): Buffer {
  return buildZip(docxEntries(text));
}

/** The start of a Linux ELF executable. */
export function sampleElf(): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]).copy(bytes, 0);
  return bytes;
}

/** The start of a Windows PE executable ("MZ" header pointing at "PE\0\0"). */
export function samplePe(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  return bytes;
}

/** A .docx whose document.xml is `megabytes` of zeros: tiny on disk, huge once inflated. */
export function deflateBombDocx(megabytes = 10): Buffer {
  return buildZip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "word/document.xml", data: Buffer.alloc(megabytes * 1024 * 1024) },
  ]);
}

/**
 * A .docx of `count` parts of 1 MB of zeros each: no part is over the ratio check's 1 MB threshold, but together they
 * declare `count` MB.
 */
export function manyMegabytesDocx(count: number): Buffer {
  const megabyte = Buffer.alloc(1024 * 1024);
  const entries: ZipFileEntry[] = [{ name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) }];
  entries.push({ name: "word/document.xml", data: Buffer.from(documentXml("x")) });
  for (let i = 0; i < count; i++) entries.push({ name: `word/media/zeros${i}.bin`, data: megabyte });
  return buildZip(entries);
}

/** A .docx listing `count` entries (each a few bytes). */
export function manyEntriesDocx(count: number): Buffer {
  const entries: ZipFileEntry[] = [
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "word/document.xml", data: Buffer.from(documentXml("x")) },
  ];
  for (let i = entries.length; i < count; i++)
    entries.push({ name: `word/media/p${i}.xml`, data: Buffer.from("<a/>") });
  return buildZip(entries);
}

/**
 * The "overlapping files" zip bomb: many central-directory entries all pointing at the same compressed data, so
 * the archive declares the same kernel over and over without storing it more than once.
 */
export function overlappingDocx(copies = 50): Buffer {
  const kernel = Buffer.alloc(1024 * 1024, 0x61);
  const single = buildZip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "word/document.xml", data: kernel },
  ]);
  const cdOffset = single.readUInt32LE(single.length - 6);
  const cd = single.subarray(cdOffset, single.length - 22);
  const first = cd.subarray(0, 46 + cd.readUInt16LE(28));
  const second = cd.subarray(first.length);
  const extra: Buffer[] = [first, second];
  for (let i = 0; i < copies; i++) {
    const copy = Buffer.from(second);
    const name = Buffer.from(`word/copy${i}.xml`);
    copy.writeUInt16LE(name.length, 28);
    extra.push(Buffer.concat([copy.subarray(0, 46), name]));
  }
  const newCd = Buffer.concat(extra);
  return Buffer.concat([
    single.subarray(0, cdOffset),
    newCd,
    endOfCentralDirectory(copies + 2, newCd.length, cdOffset),
  ]);
}

/**
 * The "quoted" overlapping bomb: a stored entry whose data is the next entry's local header and data, so the second
 * entry's bytes lie inside the first one's (each local header is valid; no two entries start at the same offset).
 */
export function quotedOverlapDocx(): Buffer {
  const inner = buildZip([{ name: "word/document.xml", data: Buffer.alloc(1024 * 1024, 0x61) }]);
  const innerCdOffset = inner.readUInt32LE(inner.length - 6);
  const innerLocal = inner.subarray(0, innerCdOffset);
  const outer = buildZip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "word/quote.bin", data: innerLocal, store: true },
  ]);
  const cdOffset = outer.readUInt32LE(outer.length - 6);
  const cd = outer.subarray(cdOffset, outer.length - 22);
  const quoteCentral = cd.subarray(46 + cd.readUInt16LE(28));
  const quoteOffset = quoteCentral.readUInt32LE(42);
  // The quoted entry's data starts after its own 30-byte header and name.
  const quotedAt = quoteOffset + 30 + quoteCentral.readUInt16LE(28);
  const documentCentral = Buffer.from(inner.subarray(innerCdOffset, inner.length - 22));
  documentCentral.writeUInt32LE(quotedAt, 42);
  const newCd = Buffer.concat([cd, documentCentral]);
  return Buffer.concat([
    outer.subarray(0, cdOffset),
    newCd,
    endOfCentralDirectory(3, newCd.length, cdOffset),
  ]);
}
