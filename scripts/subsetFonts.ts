/**
 * Makes the two self-hosted web fonts small. Their bytes sit on the path to the largest paint, so
 * this is a committed step rather than a one-off:
 * - the characters this site writes (ASCII, British punctuation and currency, the accents of names);
 * - Inter as one variable file limited to weights 400–600, instead of a file per weight;
 * - no hinting instructions (today's screens do not use them; they were a third of DM Serif);
 * - only the OpenType features browsers apply by default, plus tabular figures.
 * Together about 34 KB, down from 50 KB for three files.
 *
 *   npx tsx scripts/subsetFonts.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const ascii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('');
const extra = '£€’‘“”–—…•·©×→←✓✕ ' + 'áàâäãåçéèêëíìîïñóòôöõúùûüýÿæøœßÁÀÂÄÇÉÈÊËÍÎÏÑÓÔÖÚÙÛÜŁłŚśŻżĆćŃń';
const defaultFeatures = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];

const fonts = [
  {
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    target: 'inter-variable.woff2',
    variationAxes: { wght: { min: 400, max: 600 } },
  },
  {
    source: '@fontsource/dm-serif-display/files/dm-serif-display-latin-400-normal.woff2',
    target: 'dm-serif-display-400.woff2',
  },
];

async function main() {
  const root = path.resolve(__dirname, '..');
  const outDir = path.join(root, 'static/fonts');
  fs.mkdirSync(outDir, { recursive: true });
  for (const { source, target, variationAxes } of fonts) {
    const original = fs.readFileSync(path.join(root, 'node_modules', source));
    const subset = await subsetFont(original, ascii + extra, {
      targetFormat: 'woff2',
      noHinting: true,
      keepFeatures: defaultFeatures,
      variationAxes,
    });
    fs.writeFileSync(path.join(outDir, target), subset);
    console.log(`${target}: ${original.length} → ${subset.length} bytes`);
  }
}

void main();
