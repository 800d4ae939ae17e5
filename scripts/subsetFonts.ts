/**
 * Makes the self-hosted web fonts small: the @fontsource latin files cut down to the characters
 * this site writes (ASCII, British punctuation and currency, the accents of names), about 40 %
 * smaller. Their bytes sit on the path to the first paint, so this is worth a committed step.
 *
 *   npx tsx scripts/subsetFonts.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const ascii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('');
const extra = '£€’‘“”–—…•·©×→←✓✕ ' + 'áàâäãåçéèêëíìîïñóòôöõúùûüýÿæøœßÁÀÂÄÇÉÈÊËÍÎÏÑÓÔÖÚÙÛÜŁłŚśŻżĆćŃń';

const fonts = [
  { source: '@fontsource/inter/files/inter-latin-400-normal.woff2', target: 'inter-400.woff2' },
  { source: '@fontsource/inter/files/inter-latin-600-normal.woff2', target: 'inter-600.woff2' },
  {
    source: '@fontsource/dm-serif-display/files/dm-serif-display-latin-400-normal.woff2',
    target: 'dm-serif-display-400.woff2',
  },
];

async function main() {
  const root = path.resolve(__dirname, '..');
  const outDir = path.join(root, 'static/fonts');
  fs.mkdirSync(outDir, { recursive: true });
  for (const { source, target } of fonts) {
    const original = fs.readFileSync(path.join(root, 'node_modules', source));
    const subset = await subsetFont(original, ascii + extra, { targetFormat: 'woff2' });
    fs.writeFileSync(path.join(outDir, target), subset);
    console.log(`${target}: ${original.length} → ${subset.length} bytes`);
  }
}

void main();
