// Generates the seeded raster images in app/services/startup/seed/files (run once; the results are committed):
// an abstract "photo" for the hero (3000×2000), a team photo and a mock app screenshot, then the
// WebP variants of every seeded raster image, made by the same code as for uploads, so seeding
// only copies files.
// npx tsx scripts/make-seed-media.ts
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { processImage } from '#app/services/media/image-variants.server.ts';
import { variantKeyFor } from '#app/services/media/upload-media.server.ts';
import { seedMedia } from '#app/services/startup/seed/media.ts';

const OUT = 'app/services/startup/seed/files';

/** A pseudo-random generator with a seed, so a re-run makes the same pictures. */
function random(seed: number) {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Film grain: gaussian noise laid over the picture, as a camera sensor would. */
async function withGrain(svg: string, width: number, height: number, sigma: number): Promise<sharp.Sharp> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png()
    .toBuffer();
  const base = await sharp(Buffer.from(svg)).resize(width, height).blur(0.6).png().toBuffer();
  return sharp(base).composite([{ input: grain, blend: 'overlay' }]);
}

function bokeh(rand: () => number, width: number, height: number, count: number, colors: string[]): string {
  let circles = '';
  for (let i = 0; i < count; i++) {
    const r = 40 + rand() * width * 0.12;
    circles += `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="${colors[i % colors.length]}" opacity="${(0.12 + rand() * 0.35).toFixed(2)}"/>`;
  }
  return circles;
}

async function heroPhoto() {
  const [w, h] = [3000, 2000];
  const rand = random(7);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="0.55" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0e7490"/></linearGradient>
      <radialGradient id="glow" cx="0.7" cy="0.35" r="0.6"><stop offset="0" stop-color="#fbbf24" stop-opacity="0.55"/><stop offset="1" stop-color="#fbbf24" stop-opacity="0"/></radialGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="28"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <rect width="${w}" height="${h}" fill="url(#glow)"/>
    <g filter="url(#soft)">${bokeh(rand, w, h, 70, ['#60a5fa', '#34d399', '#f472b6', '#fcd34d', '#a78bfa'])}</g>
    <path d="M0 ${h * 0.78} C ${w * 0.25} ${h * 0.68}, ${w * 0.5} ${h * 0.9}, ${w} ${h * 0.74} L ${w} ${h} L 0 ${h} Z" fill="#020617" opacity="0.75"/>
  </svg>`;
  await (await withGrain(svg, w, h, 28)).jpeg({ quality: 88, mozjpeg: true }).toFile(path.join(OUT, 'hero-photo.jpg'));
}

async function teamPhoto() {
  const [w, h] = [1600, 1067];
  const rand = random(11);
  let people = '';
  const shirts = ['#2563eb', '#059669', '#db2777', '#f59e0b', '#7c3aed', '#0891b2'];
  for (let i = 0; i < 6; i++) {
    const x = 170 + i * 250 + rand() * 40;
    const y = 430 + rand() * 60;
    people += `<circle cx="${x}" cy="${y}" r="78" fill="#f1c7a5"/><path d="M${x - 130} ${h} C ${x - 130} ${y + 120}, ${x + 130} ${y + 120}, ${x + 130} ${h} Z" fill="${shirts[i]}"/>`;
    people += `<path d="M${x - 80} ${y - 20} C ${x - 80} ${y - 110}, ${x + 80} ${y - 110}, ${x + 80} ${y - 20} C ${x + 40} ${y - 60}, ${x - 40} ${y - 60}, ${x - 80} ${y - 20} Z" fill="#3f2a1d"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7e5e4"/><stop offset="1" stop-color="#a8a29e"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="5"/></filter><filter id="far"><feGaussianBlur stdDeviation="24"/></filter></defs>
    <rect width="${w}" height="${h}" fill="url(#wall)"/>
    <g filter="url(#far)">${bokeh(rand, w, h * 0.5, 18, ['#fde68a', '#bfdbfe', '#ffffff'])}<rect x="80" y="60" width="520" height="300" fill="#f8fafc" opacity="0.8"/><rect x="1000" y="80" width="460" height="260" fill="#f8fafc" opacity="0.7"/></g>
    <g filter="url(#soft)">${people}</g>
  </svg>`;
  await (await withGrain(svg, w, h, 30)).jpeg({ quality: 90, mozjpeg: true }).toFile(path.join(OUT, 'team-photo.jpg'));
}

/** A dashboard mock: sidebar, stat cards, a chart and a table, drawn with shapes only (no fonts needed). */
async function appScreenshot() {
  const [w, h] = [1200, 800];
  const line = (x: number, y: number, width: number, color = '#cbd5e1', height = 10) =>
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="${color}"/>`;
  let nav = '';
  for (let i = 0; i < 7; i++)
    nav += `<rect x="20" y="${120 + i * 48}" width="180" height="36" rx="8" fill="${i === 1 ? '#1e40af' : 'none'}"/>${line(56, 133 + i * 48, 90 + (i % 3) * 20, i === 1 ? '#dbeafe' : '#64748b')}<rect x="32" y="${130 + i * 48}" width="14" height="14" rx="4" fill="${i === 1 ? '#93c5fd' : '#475569'}"/>`;
  const cards = ['#3b82f6', '#10b981', '#f59e0b', '#8b5cf6']
    .map((color, i) => {
      const x = 260 + i * 228;
      return `<g><rect x="${x}" y="120" width="208" height="112" rx="14" fill="#ffffff" stroke="#e2e8f0"/><rect x="${x + 18}" y="140" width="36" height="36" rx="10" fill="${color}" opacity="0.15"/><rect x="${x + 28}" y="150" width="16" height="16" rx="4" fill="${color}"/>${line(x + 18, 192, 70)}${line(x + 18, 208, 110, '#0f172a', 14)}</g>`;
    })
    .join('');
  const points = [0.55, 0.42, 0.6, 0.48, 0.7, 0.62, 0.8, 0.68, 0.86, 0.74, 0.9, 0.84];
  const chart = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${290 + i * 50} ${520 - p * 220}`).join(' ');
  let bars = '';
  for (let i = 0; i < 8; i++)
    bars += `<rect x="${930 + i * 26}" y="${520 - (40 + ((i * 37) % 120))}" width="16" height="${40 + ((i * 37) % 120)}" rx="4" fill="${i % 2 ? '#93c5fd' : '#3b82f6'}"/>`;
  let rows = '';
  for (let i = 0; i < 4; i++)
    rows += `<g>${line(290, 604 + i * 40, 160, '#334155')}${line(520, 604 + i * 40, 90)}${line(680, 604 + i * 40, 70)}<rect x="850" y="${598 + i * 40}" width="64" height="22" rx="11" fill="${['#dcfce7', '#fef9c3', '#dcfce7', '#fee2e2'][i]}"/>${line(1000, 604 + i * 40, 110)}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${h}" rx="18" fill="#f1f5f9"/>
    <rect width="220" height="${h}" rx="18" fill="#0f172a"/><rect x="200" width="20" height="${h}" fill="#0f172a"/>
    <rect x="28" y="36" width="34" height="34" rx="10" fill="#3b82f6"/>${line(74, 47, 90, '#e2e8f0', 12)}${nav}
    <rect x="220" width="980" height="84" fill="#ffffff"/><rect x="220" y="84" width="980" height="1" fill="#e2e8f0"/>
    <rect x="260" y="24" width="320" height="36" rx="10" fill="#f1f5f9"/>${line(280, 37, 140)}
    <circle cx="1150" cy="42" r="18" fill="#bfdbfe"/><circle cx="1100" cy="42" r="12" fill="#e2e8f0"/>
    ${cards}
    <rect x="260" y="256" width="632" height="292" rx="14" fill="#ffffff" stroke="#e2e8f0"/>${line(286, 280, 140, '#0f172a', 12)}
    <path d="${chart} L840 520 L290 520 Z" fill="#3b82f6" opacity="0.12"/><path d="${chart}" fill="none" stroke="#3b82f6" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
    <rect x="912" y="256" width="248" height="292" rx="14" fill="#ffffff" stroke="#e2e8f0"/>${line(932, 280, 110, '#0f172a', 12)}${bars}
    <rect x="260" y="572" width="900" height="200" rx="14" fill="#ffffff" stroke="#e2e8f0"/>${rows}
  </svg>`;
  await sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(path.join(OUT, 'app-screenshot.png'));
}

await Promise.all([heroPhoto(), teamPhoto(), appScreenshot()]);
for (const item of seedMedia) {
  const { variants } = await processImage(path.join(OUT, item.file), item.mime, item.file);
  for (const variant of variants) await writeFile(path.join(OUT, variantKeyFor(item.file, variant.width)), variant.data);
}
console.log(`Wrote the seeded images and their variants to ${OUT}.`);
