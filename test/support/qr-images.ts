import jsQR from "jsqr";
import { PNG } from "pngjs";

// Reading back the QR codes the service draws: a PNG through a real decoder, an SVG through its path.

/** The text a PNG QR code encodes, decoded from its pixels (null when no code is found). */
export function decodeQrPng(content: Buffer): string | null {
  const png = PNG.sync.read(content);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/**
 * The dark modules of an SVG QR code as qrcode writes it (a viewBox of the whole symbol and one stroked path of
 * `M x y` / `m dx 0` moves and `h n` runs, each run half a module below its row's top).
 */
export function svgModules(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === "M") [x, y] = [Number(a), Number(b)];
    else if (command === "m") x += Number(a);
    else for (let i = 0; i < Number(a); i++, x++) grid[Math.floor(y)]![x] = true;
  }
  return grid;
}

/** The text an SVG QR code encodes: its modules drawn as pixels (4 a module), then decoded. */
export function decodeQrSvg(svg: string): string | null {
  const grid = svgModules(svg);
  const scale = 4;
  const width = grid.length * scale;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let row = 0; row < width; row++) {
    for (let col = 0; col < width; col++) {
      const shade = grid[Math.floor(row / scale)]![Math.floor(col / scale)] ? 0 : 255;
      pixels.set([shade, shade, shade, 255], (row * width + col) * 4);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
