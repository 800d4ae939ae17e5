/**
 * Makes the site's icons and link-preview images from SVG drawn here in the brand's design language
 * (night background, gold accent, DM Serif Display and Inter, the project's own avatars). The text
 * is turned into outlines with HarfBuzz from the fonts the site ships, so the pictures do not
 * depend on the fonts installed on the machine that runs this. Committed with its output:
 *
 *   npx tsx scripts/makeBrandImages.ts
 *
 * - static/favicon.svg (also written inline into every page), favicon.ico (16, 32, 48),
 *   apple-touch-icon.png (180), icons/icon-192.png, icons/icon-512.png, icons/icon-maskable-512.png;
 * - static/manifest.webmanifest;
 * - static/social/share-becca.png and share-invite.png (1200×630, see src/shared/pageMeta.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decompress } from 'wawoff2';
import { brand } from '../src/config/brand';
import { theme } from '../src/shared/theme';
import { pageMeta, SHARE_IMAGE_SIZE, shareImages } from '../src/shared/pageMeta';
import { routePaths } from '../src/shared/routePaths';

type HarfBuzz = typeof import('harfbuzzjs');

const root = path.resolve(__dirname, '..');
const staticDir = path.join(root, 'static');
const { night, gold, paper } = theme.colors;
/** Paper at 70 %: the secondary text on night, as the dark footer sets it. */
const mutedOnNight = '#b8b5ae';

interface Typeface {
  font: InstanceType<HarfBuzz['Font']>;
  upem: number;
}

async function loadTypeface(hb: HarfBuzz, file: string, weight?: number): Promise<Typeface> {
  const sfnt = await decompress(fs.readFileSync(path.join(root, 'node_modules', file)));
  const face = new hb.Face(new hb.Blob(sfnt));
  const font = new hb.Font(face);
  if (weight) font.setVariations([new hb.Variation('wght', weight)]);
  return { font, upem: face.upem };
}

/** One line of text as an SVG path at (x, baseline), and its width; the anchor moves it left. */
function textPath(
  hb: HarfBuzz,
  { font, upem }: Typeface,
  text: string,
  {
    x,
    baseline,
    size,
    fill,
    anchor = 'start',
  }: {
    x: number;
    baseline: number;
    size: number;
    fill: string;
    anchor?: 'start' | 'middle';
  },
): { svg: string; width: number } {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const scale = size / upem;
  let advance = 0;
  const glyphs: string[] = [];
  const positions = buffer.getGlyphPositions();
  for (const [index, info] of buffer.getGlyphInfos().entries()) {
    const position = positions[index]!;
    // Whole font units (a thousandth of the letter's size) are finer than any pixel these are drawn at.
    const outline = font
      .glyphToPath(info.codepoint)
      .replace(/-?\d+\.\d+/g, (number) => String(Math.round(Number(number))));
    const [dx, dy] = [advance + position.xOffset, position.yOffset];
    if (outline)
      glyphs.push(`<path${dx || dy ? ` transform="translate(${dx} ${dy})"` : ''} d="${outline}"/>`);
    advance += position.xAdvance;
  }
  const width = advance * scale;
  const left = anchor === 'middle' ? x - width / 2 : x;
  // Font units have y upwards; the picture's y goes down.
  return {
    svg: `<g fill="${fill}" transform="translate(${left.toFixed(2)} ${baseline}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})">${glyphs.join('')}</g>`,
    width,
  };
}

const dataUri = (file: string) =>
  `data:image/png;base64,${fs.readFileSync(path.join(staticDir, file)).toString('base64')}`;

/** The project's avatars joined by gold lines: the network Becca draws on the join page. */
function networkCluster(cx: number, cy: number): string {
  const centre = { file: 'network/A.png', r: 92 };
  const around = [
    { file: 'network/B.png', angle: -150, distance: 205, r: 56 },
    { file: 'network/C.png', angle: -40, distance: 195, r: 62 },
    { file: 'network/D.png', angle: 55, distance: 200, r: 56 },
    { file: 'assets/avatars/middle-03.png', angle: 150, distance: 195, r: 50 },
  ].map((avatar) => ({
    ...avatar,
    x: cx + Math.cos((avatar.angle * Math.PI) / 180) * avatar.distance,
    y: cy + Math.sin((avatar.angle * Math.PI) / 180) * avatar.distance,
  }));
  const circle = (file: string, x: number, y: number, r: number, id: string) =>
    `<clipPath id="${id}"><circle cx="${x}" cy="${y}" r="${r}"/></clipPath>` +
    `<image href="${dataUri(file)}" x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" clip-path="url(#${id})"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${gold}" stroke-width="5"/>`;
  return [
    ...around.map(
      (avatar) =>
        `<line x1="${cx}" y1="${cy}" x2="${avatar.x}" y2="${avatar.y}" stroke="${gold}" stroke-opacity="0.55" stroke-width="4" stroke-dasharray="2 12" stroke-linecap="round"/>`,
    ),
    circle(centre.file, cx, cy, centre.r, 'centre'),
    ...around.map((avatar, index) => circle(avatar.file, avatar.x, avatar.y, avatar.r, `around-${index}`)),
  ].join('');
}

function shareCard(
  hb: HarfBuzz,
  fonts: { display: Typeface; body: Typeface },
  headline: [string, string],
  subline: string,
): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  const left = 80;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${gold}" stop-opacity="0.30"/><stop offset="1" stop-color="${gold}" stop-opacity="0"/>
  </radialGradient></defs>
  <rect width="${width}" height="${height}" fill="${night}"/>
  <circle cx="905" cy="330" r="330" fill="url(#glow)"/>
  ${textPath(hb, fonts.display, brand.productName, { x: left, baseline: 128, size: 64, fill: paper }).svg}
  ${textPath(hb, fonts.display, headline[0], { x: left, baseline: 318, size: 84, fill: paper }).svg}
  ${textPath(hb, fonts.display, headline[1], { x: left, baseline: 410, size: 84, fill: gold }).svg}
  ${textPath(hb, fonts.body, subline, { x: left, baseline: 528, size: 32, fill: mutedOnNight }).svg}
  ${networkCluster(915, 330)}
</svg>`;
}

/** The one icon: a gold B in DM Serif Display on night. Rounded unless a platform rounds it itself. */
function iconSvg(hb: HarfBuzz, display: Typeface, { rounded }: { rounded: boolean }): string {
  const letter = textPath(hb, display, 'B', { x: 32, baseline: 47, size: 46, fill: gold, anchor: 'middle' });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64"${rounded ? ' rx="14"' : ''} fill="${night}"/>${letter.svg}</svg>`
  );
}

/** A .ico holding PNG images, which every browser since IE 9 reads. */
function icoFile(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 48 ? false : true })
    .toBuffer();

async function main() {
  const hb = await import('harfbuzzjs');
  const display = await loadTypeface(
    hb,
    '@fontsource/dm-serif-display/files/dm-serif-display-latin-400-normal.woff2',
  );
  const body = await loadTypeface(hb, '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', 500);

  const write = (file: string, data: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(staticDir, file)), { recursive: true });
    fs.writeFileSync(path.join(staticDir, file), data);
    console.log(`${file}: ${Buffer.byteLength(data)} bytes`);
  };

  const rounded = iconSvg(hb, display, { rounded: true });
  // Square: iOS and Android's masks round the corners themselves (and would show the night corners).
  const square = iconSvg(hb, display, { rounded: false });
  write('favicon.svg', rounded);
  write(
    'favicon.ico',
    icoFile(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await png(rounded, size) })))),
  );
  write('apple-touch-icon.png', await png(square, 180));
  write('icons/icon-192.png', await png(rounded, 192));
  write('icons/icon-512.png', await png(rounded, 512));
  write('icons/icon-maskable-512.png', await png(square, 512));
  write(
    'manifest.webmanifest',
    `${JSON.stringify(
      {
        name: `${brand.productName}, ${brand.tagline}`,
        short_name: brand.productName,
        description: pageMeta[routePaths.home].description,
        start_url: '/',
        scope: '/',
        display: 'browser',
        lang: 'en-GB',
        theme_color: night,
        background_color: paper,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      null,
      2,
    )}\n`,
  );

  const fonts = { display, body };
  const cards = [
    {
      image: shareImages.site,
      svg: shareCard(
        hb,
        fonts,
        ['Get connected', 'with anyone.'],
        `${brand.tagline[0]!.toUpperCase()}${brand.tagline.slice(1)}, on WhatsApp`,
      ),
    },
    {
      image: shareImages.invite,
      svg: shareCard(
        hb,
        fonts,
        ['You’re invited', `to ${brand.productName}.`],
        `${brand.tagline[0]!.toUpperCase()}${brand.tagline.slice(1)}, on WhatsApp`,
      ),
    },
  ];
  for (const { image, svg } of cards) {
    write(
      image.path.slice(1),
      await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer(),
    );
  }
}

main().catch((error: unknown) => {
  console.error('Making the brand images failed:', error);
  process.exit(1);
});
