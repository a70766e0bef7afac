/**
 * Renders the app icons, the social preview image and the install sheet's screenshots into public/ with the
 * system Chromium (`npx tsx scripts/gen-images.ts`). The PNGs are committed;
 * run this again only when the artwork changes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const out = new URL('../public/', import.meta.url);
mkdirSync(new URL('icons/', out), { recursive: true });

/** The mark: a vinyl record with a violet label, readable at 48 px. `safe` shrinks it into the maskable safe zone. */
function markSvg(size: number, { rounded, safe }: { rounded: boolean; safe: boolean }): string {
  const scale = safe ? 0.62 : 0.8;
  const r = (size / 2) * scale;
  const c = size / 2;
  const grooves = [0.92, 0.8, 0.68].map((f) => `<circle cx="${c}" cy="${c}" r="${r * f}" fill="none" stroke="#3a3a52" stroke-width="${size / 160}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b1035"/><stop offset="1" stop-color="#0b0b12"/>
    </linearGradient>
    <linearGradient id="label" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c4b5fd"/><stop offset="1" stop-color="#7c3aed"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="url(#bg)"/>
  <circle cx="${c}" cy="${c}" r="${r}" fill="#111119"/>
  ${grooves}
  <path d="M ${c + r * 0.55} ${c - r * 0.75} A ${r * 0.93} ${r * 0.93} 0 0 1 ${c + r * 0.9} ${c - r * 0.2}" fill="none" stroke="#6b6b8a" stroke-width="${size / 90}" stroke-linecap="round"/>
  <circle cx="${c}" cy="${c}" r="${r * 0.38}" fill="url(#label)"/>
  <circle cx="${c}" cy="${c}" r="${r * 0.07}" fill="#0b0b12"/>
</svg>`;
}

function ogHtml(): string {
  return `<!doctype html><html><body style="margin:0">
  <div style="width:1200px;height:630px;display:flex;align-items:center;gap:64px;padding:0 88px;box-sizing:border-box;
    background:radial-gradient(circle at 20% 30%,#2e1065 0,#0b0b12 60%);font-family:'DejaVu Sans',sans-serif;color:#f4f4f8">
    <div style="flex:none">${markSvg(360, { rounded: true, safe: false })}</div>
    <div>
      <div style="font-size:40px;color:#c4b5fd;font-weight:700;letter-spacing:2px">DJCircle</div>
      <div style="font-size:68px;font-weight:800;line-height:1.05;margin-top:16px">The Future of DJ Culture</div>
      <div style="font-size:30px;color:#c9c9d8;margin-top:24px;line-height:1.35">Connect, create and share. Discover music, collaborate and grow your audience.</div>
    </div>
  </div></body></html>`;
}

/** The install sheet's picture of the app: the hub's look (header, discussion cards) drawn small, not a live capture. */
function screenshotHtml(width: number, height: number): string {
  const wide = width > height;
  const card = (title: string, meta: string) => `<div style="border:1px solid #2a2a3d;border-radius:12px;padding:14px 16px;background:#12121c">
    <div style="font-size:${wide ? 20 : 16}px;font-weight:700">${title}</div>
    <div style="font-size:${wide ? 15 : 13}px;color:#a1a1b5;margin-top:6px">${meta}</div></div>`;
  const cards = [
    card('Warm-up sets that build the room', 'DJ Techniques · 24 replies'),
    card('Best budget controller for vinyl DJs?', 'Gear · 18 replies'),
    card('Sharing my Saturday closing set', 'Mixes · 11 replies'),
    card('Sidechain tricks for cleaner drops', 'Production · 9 replies'),
  ].join('');
  return `<!doctype html><html><body style="margin:0">
  <div style="width:${width}px;height:${height}px;box-sizing:border-box;background:#0b0b12;color:#f4f4f8;font-family:'DejaVu Sans',sans-serif;overflow:hidden">
    <div style="display:flex;align-items:center;gap:12px;padding:14px 18px;border-bottom:1px solid #2a2a3d">
      ${markSvg(36, { rounded: true, safe: false })}<span style="font-size:20px;font-weight:800;color:#c4b5fd">DJCircle</span>
    </div>
    <div style="padding:18px;display:grid;gap:12px;${wide ? 'grid-template-columns:1fr 1fr;' : ''}">
      <div style="font-size:${wide ? 30 : 24}px;font-weight:800;${wide ? 'grid-column:1/3;' : ''}">Community Hub</div>
      ${cards}
    </div>
  </div></body></html>`;
}

/** The manifest's screenshots: one narrow (the phone's install sheet), one wide (desktop). */
const SCREENSHOTS = [
  { file: 'screenshots/hub-narrow.png', width: 360, height: 720 },
  { file: 'screenshots/hub-wide.png', width: 1280, height: 720 },
] as const;

const executablePath = execFileSync('which', ['chromium']).toString().trim();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const shots: Array<[string, number, { rounded: boolean; safe: boolean }]> = [
    ['icons/icon-192.png', 192, { rounded: true, safe: false }],
    ['icons/icon-512.png', 512, { rounded: true, safe: false }],
    ['icons/icon-maskable-512.png', 512, { rounded: false, safe: true }],
    ['icons/apple-touch-icon-180.png', 180, { rounded: false, safe: false }],
  ];
  for (const [file, size, opts] of shots) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${markSvg(size, opts)}</body></html>`);
    const shot = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    // A flat logo fits a palette: the 192 px icon drops from 21 KB to 4 KB. The browser fetches it with the
    // manifest during a first visit, on the same slow link as the page.
    writeFileSync(new URL(file, out), await sharp(shot).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toBuffer());
  }
  writeFileSync(new URL('favicon.svg', out), markSvg(64, { rounded: true, safe: false }));
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(ogHtml());
  writeFileSync(new URL('og-image.png', out), await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 630 } }));
  mkdirSync(new URL('screenshots/', out), { recursive: true });
  for (const { file, width, height } of SCREENSHOTS) {
    await page.setViewportSize({ width, height });
    await page.setContent(screenshotHtml(width, height));
    const shot = await page.screenshot({ clip: { x: 0, y: 0, width, height } });
    // Flat colours fit a palette: each stays a few KB.
    writeFileSync(new URL(file, out), await sharp(shot).png({ palette: true, quality: 80, compressionLevel: 9, effort: 10 }).toBuffer());
  }
} finally {
  await browser.close();
}
console.log('icons, og-image.png and screenshots written to public/');
