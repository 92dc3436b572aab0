// Compares the page's picture of a state with the desktop app's (both PNG, the same size): a pixel differs
// when no pixel of the other picture within --radius (default 1) is within --tolerance of it in every
// channel (default 40 of 255); the pictures match when at most --max-fraction (default 0.01) of the pixels
// differ. A moved panel, a missing widget, another number or colour differ; a glyph drawn a pixel over
// does not. Writes a picture of where they differ (--diff FILE: differing pixels red over a
// dimmed copy of the desktop's). Exit status 1 when they do not match.
//   node tools/web/compare.mjs DESKTOP.png BROWSER.png [--diff DIFF.png] [--tolerance N] [--radius R] [--max-fraction F]
import { readFileSync, writeFileSync } from 'node:fs';
import { decodePng, encodePng } from './png.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const diffPath = option('--diff', '');
const tolerance = Number(option('--tolerance', 40));
const maxFraction = Number(option('--max-fraction', 0.01));
const [desktopPath, browserPath] = args;
const a = decodePng(readFileSync(desktopPath)), b = decodePng(readFileSync(browserPath));
if (a.width !== b.width || a.height !== b.height) {
  console.log(`compare: ${desktopPath} is ${a.width}x${a.height}, ${browserPath} ${b.width}x${b.height}`);
  process.exit(1);
}
// A pixel of one picture matches when the other has a pixel within `tolerance` at most `radius` pixels
// away (text and blended edges land up to a pixel apart between the two renderers); checked both ways.
const radius = Number(option('--radius', 1));
const maxPatch = Number(option('--max-patch', 16));
function unmatched(p, q, x, y) {
  const o = (y * p.width + x) * 4;
  for (let dy = -radius; dy <= radius; ++dy) {
    for (let dx = -radius; dx <= radius; ++dx) {
      const qx = x + dx, qy = y + dy;
      if (qx < 0 || qy < 0 || qx >= q.width || qy >= q.height) continue;
      const r = (qy * q.width + qx) * 4;
      if (Math.abs(p.rgba[o] - q.rgba[r]) <= tolerance && Math.abs(p.rgba[o + 1] - q.rgba[r + 1]) <= tolerance &&
          Math.abs(p.rgba[o + 2] - q.rgba[r + 2]) <= tolerance) return false;
    }
  }
  return true;
}
const diff = { width: a.width, height: a.height, rgba: new Uint8Array(a.rgba.length) };
let differing = 0;
for (let y = 0; y < a.height; ++y) {
  for (let x = 0; x < a.width; ++x) {
    const o = (y * a.width + x) * 4;
    const bad = unmatched(a, b, x, y) || unmatched(b, a, x, y);
    differing += bad ? 1 : 0;
    diff.rgba.set(bad ? [255, 0, 0, 255] : [a.rgba[o] >> 2, a.rgba[o + 1] >> 2, a.rgba[o + 2] >> 2, 255], o);
  }
}
// The largest patch of differing pixels that touch (8-neighbours): a glyph rasterised a little otherwise
// differs in specks of a few pixels, a changed number, outline or panel in one patch of tens or more.
function largestPatch() {
  const seen = new Uint8Array(a.width * a.height);
  let largest = 0, where = [0, 0];
  const red = (i) => diff.rgba[i * 4] === 255 && diff.rgba[i * 4 + 1] === 0;
  for (let start = 0; start < a.width * a.height; ++start) {
    if (seen[start] || !red(start)) continue;
    let size = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop(), x = i % a.width, y = (i - x) / a.width;
      ++size;
      for (let dy = -1; dy <= 1; ++dy) {
        for (let dx = -1; dx <= 1; ++dx) {
          const nx = x + dx, ny = y + dy, n = ny * a.width + nx;
          if (nx < 0 || ny < 0 || nx >= a.width || ny >= a.height || seen[n] || !red(n)) continue;
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (size > largest) largest = size, where = [start % a.width, Math.floor(start / a.width)];
  }
  return { largest, where };
}
const patch = largestPatch();
if (diffPath) writeFileSync(diffPath, encodePng(diff));
const fraction = differing / (a.width * a.height);
const ok = fraction <= maxFraction && patch.largest <= maxPatch;
console.log(`compare: ${browserPath} vs ${desktopPath}: ${differing} of ${a.width * a.height} pixels differ by more than ` +
  `${tolerance} within ${radius} px (${(100 * fraction).toFixed(3)} %, at most ${(100 * maxFraction).toFixed(1)} % allowed); ` +
  `largest patch ${patch.largest} px at ${patch.where.join(',')} (at most ${maxPatch}): ${ok ? 'match' : 'DIFFER'}`);
process.exit(ok ? 0 : 1);
