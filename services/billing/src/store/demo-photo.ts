import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Light where the shape is, the colour elsewhere, shaded top to bottom. */
function pixel(x: number, y: number, width: number, height: number, colour: Rgb): Rgb {
  const inShape = Math.abs(x - width / 2) < width * 0.22 && y > height * 0.2 && y < height * 0.85;
  const shade = 1 - (0.25 * y) / height;
  return inShape ? [245, 245, 245] : (colour.map((c) => Math.round(c * shade)) as unknown as Rgb);
}

/**
 * A small generated PNG for the demo catalogue (no network, no image library): a coloured
 * 320×240 card with a light panel, enough to show the store's photo frames at work.
 */
export function demoPhoto(colour: Rgb, width = 320, height = 240): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x++) row.set(pixel(x, y, width, height, colour), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
