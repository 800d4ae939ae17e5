/**
 * Makes the illustrated portraits the site ships, so nothing is fetched from a third-party avatar
 * service at run time: the tutorial's /network/A-D.png and the 43 who-I-know avatars, whose file
 * names carry their age band. Deterministic: the same run writes the same files.
 *
 *   npx tsx scripts/makePortraits.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

type AgeBand = 'young' | 'middle' | 'mature' | 'old' | 'unknown';

const avatarCounts: Record<AgeBand, number> = { young: 10, middle: 10, mature: 9, old: 8, unknown: 6 };
const skinTones = ['#f1c7a5', '#e0ac84', '#c68642', '#a0662f', '#8d5524', '#5c3a1e', '#f6d5c0'];
const backgrounds = ['#f6c453', '#8ecae6', '#b5e48c', '#f4a261', '#cdb4db', '#90be6d', '#ffafcc', '#a2d2ff'];
const hairByBand: Record<AgeBand, string[]> = {
  young: ['#2b1b12', '#4a2c1a', '#c99a52', '#8a3b12', '#111111'],
  middle: ['#2b1b12', '#3d2817', '#6b4a2b', '#111111', '#9c6b3c'],
  mature: ['#5a4a3f', '#7d7168', '#3d2817', '#8c8c8c'],
  old: ['#c9c9c9', '#e6e6e6', '#a8a8a8', '#f2f2f2'],
  unknown: ['#3d2817', '#6b4a2b', '#111111', '#9c6b3c', '#c9c9c9'],
};

/** A small deterministic generator (mulberry32), so re-running the script changes nothing. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

function portraitSvg(seed: number, band: AgeBand, size: number): string {
  const next = random(seed);
  const skin = pick(next, skinTones);
  const hair = pick(next, hairByBand[band]);
  const background = pick(next, backgrounds);
  const longHair = next() < 0.45;
  const bald = band === 'old' && next() < 0.3;
  const glasses = (band === 'mature' || band === 'old') && next() < 0.5;
  const shirt = pick(next, ['#264653', '#2a9d8f', '#e76f51', '#3a0ca3', '#6d6875', '#1d3557']);
  const lines =
    band === 'mature' || band === 'old'
      ? '<path d="M44 66 q6 3 12 0 M72 66 q6 3 12 0" stroke="#00000033" stroke-width="1.5" fill="none"/>'
      : '';
  const hairBack =
    bald || !longHair ? '' : `<path d="M30 60 Q30 20 64 20 Q98 20 98 60 L100 104 L28 104 Z" fill="${hair}"/>`;
  const hairTop = bald
    ? `<path d="M36 52 Q38 40 46 38 M92 52 Q90 40 82 38" stroke="${hair}" stroke-width="6" fill="none"/>`
    : `<path d="M34 56 Q34 22 64 22 Q94 22 94 56 Q86 36 64 36 Q42 36 34 56 Z" fill="${hair}"/>`;
  const eyewear = glasses
    ? '<g stroke="#222" stroke-width="2" fill="none"><circle cx="52" cy="60" r="7"/><circle cx="76" cy="60" r="7"/><path d="M59 60 h10"/></g>'
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 128 128">
    <rect width="128" height="128" fill="${background}"/>
    ${hairBack}
    <path d="M24 128 Q24 96 64 94 Q104 96 104 128 Z" fill="${shirt}"/>
    <rect x="56" y="78" width="16" height="18" rx="6" fill="${skin}"/>
    <ellipse cx="64" cy="60" rx="28" ry="32" fill="${skin}"/>
    ${hairTop}
    <circle cx="52" cy="60" r="3" fill="#222"/><circle cx="76" cy="60" r="3" fill="#222"/>
    <path d="M54 76 Q64 84 74 76" stroke="#7a3b2e" stroke-width="3" fill="none" stroke-linecap="round"/>
    ${lines}${eyewear}
  </svg>`;
}

async function writePng(svg: string, file: string) {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(file);
}

async function main() {
  const root = path.resolve(__dirname, '..');
  const avatarsDir = path.join(root, 'static/assets/avatars');
  const networkDir = path.join(root, 'static/network');
  fs.mkdirSync(avatarsDir, { recursive: true });
  fs.mkdirSync(networkDir, { recursive: true });

  let seed = 1;
  for (const [band, count] of Object.entries(avatarCounts) as [AgeBand, number][]) {
    for (let index = 1; index <= count; index += 1) {
      const name = `${band}-${String(index).padStart(2, '0')}.png`;
      await writePng(portraitSvg(seed++ * 7919, band, 128), path.join(avatarsDir, name));
    }
  }

  const tutorialPeople: [string, AgeBand][] = [
    ['A', 'young'],
    ['B', 'middle'],
    ['C', 'young'],
    ['D', 'mature'],
  ];
  for (const [letter, band] of tutorialPeople) {
    await writePng(
      portraitSvg(letter.charCodeAt(0) * 104729, band, 192),
      path.join(networkDir, `${letter}.png`),
    );
  }
  const total = Object.values(avatarCounts).reduce((sum, count) => sum + count, 0);
  console.log(`Wrote ${total} avatars to ${avatarsDir} and 4 tutorial pictures to ${networkDir}`);
}

void main();
