// Draws the app icons (public/icons/*.png) from the favicon's shapes, with no image library: each
// pixel is sampled 4x4 against the shapes, and the PNG is written with node's zlib. Run it after
// changing the design: `node scripts/make-icons.mjs` (the PNGs are committed).
/* global Buffer, URL */
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const THEME = [0x1c, 0x5f, 0xa8];
const WHITE = [0xff, 0xff, 0xff];

// The favicon (public/favicon.svg) in its 32x32 units: a desk with a person behind it.
const inRoundRect = (x, y, rx, ry, w, h, r) => {
  if (x < rx || y < ry || x > rx + w || y > ry + h) return false;
  const cx = Math.min(Math.max(x, rx + r), rx + w - r);
  const cy = Math.min(Math.max(y, ry + r), ry + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const glyph = (x, y) =>
  inRoundRect(x, y, 6, 13, 20, 4, 1) ||
  inRoundRect(x, y, 8, 17, 2.5, 8, 0) ||
  inRoundRect(x, y, 21.5, 17, 2.5, 8, 0) ||
  (x - 16) ** 2 + (y - 8.5) ** 2 <= 9;

/** Colour (RGBA) at a point of the 32-unit design; maskable icons fill the square and shrink the glyph into the safe zone. */
function sample(x, y, maskable) {
  if (maskable === 'badge') return glyph(x, y + 1) ? [...WHITE, 255] : [0, 0, 0, 0]; // Android shows only the alpha
  if (maskable) {
    const s = 0.72; // glyph inside the central 80% circle
    const gx = 16 + (x - 16) / s;
    const gy = 16 + (y - 16.5) / s;
    return glyph(gx, gy) ? [...WHITE, 255] : [...THEME, 255];
  }
  if (!inRoundRect(x, y, 0, 0, 32, 32, 6)) return [0, 0, 0, 0];
  return glyph(x, y) ? [...WHITE, 255] : [...THEME, 255];
}

function render(size, maskable) {
  const SS = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const [cr, cg, cb, ca] = sample(((px + (sx + 0.5) / SS) * 32) / size, ((py + (sy + 0.5) / SS) * 32) / size, maskable);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const o = 1 + px * 4;
      row[o] = a ? Math.round(r / a) : 0;
      row[o + 1] = a ? Math.round(g / a) : 0;
      row[o + 2] = a ? Math.round(b / a) : 0;
      row[o + 3] = Math.round(a / (SS * SS));
    }
    rows.push(row);
  }
  return png(size, size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
function png(width, height, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const OUT = new URL('../public/icons/', import.meta.url);
mkdirSync(OUT, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true], // iOS rounds the corners itself
  ['badge-96.png', 96, 'badge'],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(new URL(name, OUT), render(size, maskable));
  console.log(`wrote public/icons/${name} (${size}x${size}${maskable ? `, ${maskable === true ? 'maskable' : maskable}` : ''})`);
}
