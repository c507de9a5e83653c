/**
 * A ZIP archive (PKWARE APPNOTE 6.3: local headers, central directory, end record) of files
 * deflated with zlib, names in UTF-8 (flag bit 11). No ZIP64: up to 65,535 files and 4 GiB,
 * far above what one download holds; callers cap what they put in.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** Made by Unix (host 3): unzip then takes the names' bytes as they are (UTF-8), not CP437. */
const MADE_BY_UNIX = (3 << 8) | VERSION;
/** A regular file, rw-r--r--, in the high word of the external attributes (Unix host). */
const REGULAR_FILE = 0o100644 * 0x10000;
const MAX_ENTRIES = 0xffff;

export function zipArchive(entries: readonly ZipEntry[], modifiedAt = new Date()): Buffer {
  if (entries.length > MAX_ENTRIES) throw new RangeError('Demasiados archivos para un ZIP.');
  const { time, date } = dosDateTime(modifiedAt);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const fields = {
      crc: crc32(entry.data),
      compressed: deflated.length,
      size: entry.data.length,
      name,
      time,
      date,
    };
    const local = Buffer.concat([localHeader(fields), name, deflated]);
    centrals.push(Buffer.concat([centralHeader(fields, offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(entries.length, directory.length, offset)]);
}

interface EntryFields {
  crc: number;
  compressed: number;
  size: number;
  name: Buffer;
  time: number;
  date: number;
}

function localHeader(f: EntryFields): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(UTF8_NAMES, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(f.time, 10);
  b.writeUInt16LE(f.date, 12);
  b.writeUInt32LE(f.crc, 14);
  b.writeUInt32LE(f.compressed, 18);
  b.writeUInt32LE(f.size, 22);
  b.writeUInt16LE(f.name.length, 26);
  return b; // extra field length (28) stays 0
}

function centralHeader(f: EntryFields, localOffset: number): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY_UNIX, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(UTF8_NAMES, 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(f.time, 12);
  b.writeUInt16LE(f.date, 14);
  b.writeUInt32LE(f.crc, 16);
  b.writeUInt32LE(f.compressed, 20);
  b.writeUInt32LE(f.size, 24);
  b.writeUInt16LE(f.name.length, 28);
  b.writeUInt32LE(REGULAR_FILE, 38);
  b.writeUInt32LE(localOffset, 42);
  return b; // extra, comment, disk and internal attributes stay 0
}

function endRecord(count: number, directorySize: number, directoryOffset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(directorySize, 12);
  b.writeUInt32LE(directoryOffset, 16);
  return b;
}

/** MS-DOS date and time (2-second resolution, from 1980), in the server's local time. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}
