/**
 * A zip's parts read as hostile input (docs/console.md "Documents and uploads"): the central directory is read without
 * inflating anything, each part's local header must say what its central directory entry says (method, sizes, name),
 * and a part is inflated only up to the size it declares, never past it. Refused with a {@link ZipError} that says why:
 * a zip that cannot be read, or one that uses what a Word document never needs and a zip bomb hides behind (parts
 * sized after their data, ZIP64, encryption, a method other than store or deflate).
 */
import { Inflate } from 'fflate';

/** Why a zip is refused, in words for the uploader. */
export class ZipError extends Error {}

/** A zip that cannot be read: cut short, or damaged. */
export class ZipCutShort extends ZipError {}

/** One part of a zip, as its central directory and local header agree it is. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** Its bytes in the zip. */
  compressedSize: number;
  /** What it declares it inflates to. */
  size: number;
  /** Where its local header starts in the zip. */
  offset: number;
  /** Its flags and name's bytes, as the central directory has them. */
  flags: number;
  nameBytes: Uint8Array;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** General-purpose flags: 0 encrypted, 3 sizes in a data descriptor after the data, 6 strong encryption. */
const ENCRYPTED = 0x0001 | 0x0040;
const DATA_DESCRIPTOR = 0x0008;
/** The extra field that holds ZIP64 sizes and offsets. */
const ZIP64_EXTRA = 0x0001;
/** How much compressed data is handed to the inflater at once: it bounds how far past a declared size one push goes. */
const INFLATE_CHUNK = 16 * 1024;

/** Where a part's data starts, after its local header. */
const dataStartOf = (view: DataView, offset: number) => offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);

const cutShort = () => new ZipCutShort('it is a zip that cannot be read (cut short or damaged)');

/** Whether an extra field (`bytes[from, to)`) has a ZIP64 record. */
function hasZip64Extra(view: DataView, from: number, to: number): boolean {
  for (let at = from; at + 4 <= to; at += 4 + view.getUint16(at + 2, true)) if (view.getUint16(at, true) === ZIP64_EXTRA) return true;
  return false;
}

/**
 * The zip's parts as its central directory has them, checked: every refusal a {@link ZipError}. Nothing is inflated,
 * and the local headers are not read yet: {@link checkLocalHeaders}.
 */
export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw cutShort();
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdStart = view.getUint32(eocd + 16, true);
  if ((eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR) || count === 0xffff || cdStart === 0xffffffff)
    throw new ZipError('it is a ZIP64 archive, which a Word document never is');
  if (view.getUint16(eocd + 4, true) !== 0 || view.getUint16(eocd + 6, true) !== 0)
    throw new ZipError('it is a zip split over several files');
  if (cdStart + cdSize > eocd) throw cutShort();
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = cdStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) throw cutShort();
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const offset = view.getUint32(at + 42, true);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = names.decode(nameBytes);
    const next = at + 46 + nameLength + extraLength + view.getUint16(at + 32, true);
    if (next > eocd) throw cutShort();
    if (flags & ENCRYPTED) throw new ZipError(`its part ${name} is encrypted`);
    if (flags & DATA_DESCRIPTOR)
      throw new ZipError(`its part ${name} gives its sizes after its data (a data descriptor), which is not taken`);
    if (
      compressedSize === 0xffffffff ||
      size === 0xffffffff ||
      offset === 0xffffffff ||
      hasZip64Extra(view, at + 46 + nameLength, at + 46 + nameLength + extraLength)
    )
      throw new ZipError('it is a ZIP64 archive, which a Word document never is');
    if (method !== 0 && method !== 8) throw new ZipError(`its part ${name} is compressed with a method other than deflate`);
    if (method === 0 && compressedSize !== size) throw new ZipError(`its part ${name} is stored, but its sizes differ`);
    if (offset + 30 > cdStart) throw cutShort();
    entries.push({ name, method, compressedSize, size, offset, flags, nameBytes });
    at = next;
  }
  return entries;
}

/** Checks each part's local header says what its central directory entry says: a {@link ZipError} where one does not. */
export function checkLocalHeaders(bytes: Uint8Array, entries: readonly ZipEntry[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const { name, flags, method, compressedSize, size, offset, nameBytes } of entries) {
    if (view.getUint32(offset, true) !== LOCAL) throw cutShort();
    const localNameLength = view.getUint16(offset + 26, true);
    const dataStart = dataStartOf(view, offset);
    const localName = bytes.subarray(offset + 30, offset + 30 + localNameLength);
    if (
      (view.getUint16(offset + 6, true) & (ENCRYPTED | DATA_DESCRIPTOR)) !== (flags & (ENCRYPTED | DATA_DESCRIPTOR)) ||
      view.getUint16(offset + 8, true) !== method ||
      view.getUint32(offset + 18, true) !== compressedSize ||
      view.getUint32(offset + 22, true) !== size ||
      localNameLength !== nameBytes.length ||
      !localName.every((b, j) => b === nameBytes[j])
    )
      throw new ZipError(`its part ${name} is not described the same in its local header and in the central directory`);
    if (dataStart > bytes.length) throw cutShort();
    if (hasZip64Extra(view, offset + 30 + localNameLength, dataStart))
      throw new ZipError('it is a ZIP64 archive, which a Word document never is');
    if (dataStart + compressedSize > bytes.length) throw cutShort();
  }
}

/** The central directory's parts with their local headers checked ({@link readCentralDirectory}, {@link checkLocalHeaders}). */
export function readZipEntries(bytes: Uint8Array): ZipEntry[] {
  const entries = readCentralDirectory(bytes);
  checkLocalHeaders(bytes, entries);
  return entries;
}

/**
 * A part's bytes, inflated into a buffer of the size it declares: the inflating stops as soon as it would go past it
 * (a {@link ZipError}: a zip bomb that lies about its sizes), so neither memory nor time goes beyond what was declared.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array;
/** With `keep` false, checks only that the part inflates to the size it declares (nothing is kept). */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, keep: false): void;
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, keep = true): Uint8Array | undefined {
  const start = dataStartOf(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), entry.offset);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data;
  const out = keep ? new Uint8Array(entry.size) : undefined;
  let filled = 0;
  const lie = () => new ZipError(`its part ${entry.name} inflates to other than the ${entry.size} bytes it declares (a zip bomb?)`);
  const inflater = new Inflate((chunk) => {
    if (filled + chunk.length > entry.size) throw lie();
    out?.set(chunk, filled);
    filled += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) {
      const end = Math.min(at + INFLATE_CHUNK, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
    if (data.length === 0) inflater.push(data, true);
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError(`its part ${entry.name} cannot be inflated (damaged)`);
  }
  if (filled !== entry.size) throw lie();
  return out;
}
