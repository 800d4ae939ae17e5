/**
 * The intro video's frames as SVG: a pure function of time, laid out for portrait (phones) or
 * landscape. Used by makeIntroVideos.ts.
 */
const colours = { night: '#0f0f14', paper: '#fbfaf7', gold: '#f6c453', accent: '#a8551f', ink: '#15151c' };
const serif = 'font-family="DM Serif Display"';
const sans = 'font-family="Inter"';

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const easeOut = (value: number) => 1 - (1 - clamp01(value)) ** 3;
/** 0 before `start`, 1 after `end`, eased in between. */
const progress = (t: number, start: number, end: number) => easeOut((t - start) / (end - start));
const mix = (from: number, to: number, amount: number) => from + (to - from) * amount;

interface Point {
  x: number;
  y: number;
  size: number;
}

interface Bubble {
  side: 'left' | 'right';
  lines: string[];
  /** The bubble's outer edge: its right edge for 'right', its left edge for 'left'. */
  edge: number;
  top: number;
  start: number;
}

interface Design {
  width: number;
  height: number;
  wordmark: [Point, Point];
  tagline: [Point, Point];
  promises: [Point, Point];
  bubbleFont: number;
  bubbles: Bubble[];
}

const bubbleTexts = {
  ask: ['Who should I meet this month?'],
  answer: ['Lena shoots for indie labels', 'in Peckham. Want an intro?'],
  yes: ['Yes please!'],
};

// Screens a little narrower than 16:9 crop the sides (object-fit: cover): keep clear of the edges.
const landscape: Design = {
  width: 1280,
  height: 720,
  wordmark: [
    { x: 640, y: 375, size: 168 },
    { x: 400, y: 250, size: 104 },
  ],
  tagline: [
    { x: 640, y: 440, size: 22 },
    { x: 400, y: 295, size: 16 },
  ],
  promises: [
    { x: 400, y: 405, size: 40 },
    { x: 400, y: 465, size: 40 },
  ],
  bubbleFont: 25,
  bubbles: [
    { side: 'right', lines: bubbleTexts.ask, edge: 1150, top: 185, start: 3.3 },
    { side: 'left', lines: bubbleTexts.answer, edge: 740, top: 280, start: 4.0 },
    { side: 'right', lines: bubbleTexts.yes, edge: 1150, top: 420, start: 4.7 },
  ],
};

const portrait: Design = {
  width: 720,
  height: 1280,
  wordmark: [
    { x: 360, y: 630, size: 150 },
    { x: 360, y: 270, size: 108 },
  ],
  tagline: [
    { x: 360, y: 695, size: 22 },
    { x: 360, y: 320, size: 17 },
  ],
  // Phones crop the sides (object-fit: cover on a narrower screen): everything stays in the middle 80 %.
  promises: [
    { x: 360, y: 450, size: 43 },
    { x: 360, y: 515, size: 43 },
  ],
  bubbleFont: 26,
  bubbles: [
    { side: 'right', lines: bubbleTexts.ask, edge: 630, top: 640, start: 3.3 },
    { side: 'left', lines: bubbleTexts.answer, edge: 90, top: 760, start: 4.0 },
    { side: 'right', lines: bubbleTexts.yes, edge: 630, top: 920, start: 4.7 },
  ],
};

function background(design: Design, t: number): string {
  const drift = Math.sin(t * 0.8) * 4;
  return `<defs>
    <radialGradient id="glow" cx="${50 + drift}%" cy="45%" r="60%">
      <stop offset="0" stop-color="${colours.gold}" stop-opacity="0.34"/>
      <stop offset="0.45" stop-color="${colours.accent}" stop-opacity="0.16"/>
      <stop offset="1" stop-color="${colours.night}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${design.width}" height="${design.height}" fill="${colours.night}"/>
  <rect width="${design.width}" height="${design.height}" fill="url(#glow)"/>`;
}

function text(point: Point, content: string, attributes: string): string {
  return `<text x="${point.x.toFixed(1)}" y="${point.y.toFixed(1)}" font-size="${point.size.toFixed(1)}" text-anchor="middle" ${attributes}>${content}</text>`;
}

const between = (from: Point, to: Point, amount: number): Point => ({
  x: mix(from.x, to.x, amount),
  y: mix(from.y, to.y, amount),
  size: mix(from.size, to.size, amount),
});

function bubble(design: Design, item: Bubble, t: number): string {
  const grow = progress(t, item.start, item.start + 0.3);
  if (grow <= 0) return '';
  const font = design.bubbleFont;
  const lineHeight = font * 1.35;
  const width = Math.max(...item.lines.map((line) => line.length)) * font * 0.5 + font * 1.5;
  const height = item.lines.length * lineHeight + font * 0.9;
  const left = item.side === 'right' ? item.edge - width : item.edge;
  const anchorX = item.side === 'right' ? left + width : left;
  const anchorY = item.top + height;
  const scale = mix(0.4, 1, grow);
  const fill = item.side === 'right' ? colours.accent : colours.paper;
  const ink = item.side === 'right' ? '#ffffff' : colours.ink;
  const lines = item.lines
    .map(
      (line, i) =>
        `<text x="${left + font * 0.75}" y="${item.top + font * 0.45 + lineHeight * (i + 0.78)}" font-size="${font}" fill="${ink}" ${sans}>${line}</text>`,
    )
    .join('');
  return `<g opacity="${grow.toFixed(3)}" transform="translate(${anchorX} ${anchorY}) scale(${scale.toFixed(3)}) translate(${-anchorX} ${-anchorY})">
    <rect x="${left}" y="${item.top}" width="${width}" height="${height}" rx="${font * 0.8}" fill="${fill}"/>${lines}</g>`;
}

function frame(design: Design, t: number): string {
  const arrive = progress(t, 0.15, 1.1);
  const rise = progress(t, 1.7, 2.4);
  const wordmark = between(...design.wordmark, rise);
  wordmark.size *= mix(0.94, 1, arrive);
  const tagline = between(...design.tagline, rise);
  const promise = (index: 0 | 1, start: number) => {
    const shown = progress(t, start, start + 0.5);
    const point = design.promises[index];
    const label = index === 0 ? 'Get Connected With Anyone' : 'Deepen Your Connections';
    const colour = index === 0 ? colours.paper : colours.gold;
    return text(
      { ...point, y: point.y + (1 - shown) * 18 },
      label,
      `${serif} fill="${colour}" opacity="${shown.toFixed(3)}"`,
    );
  };
  const fadeOut = progress(t, 5.45, 6);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${design.width} ${design.height}">
    ${background(design, t)}
    ${text(wordmark, 'Becca', `${serif} fill="${colours.paper}" opacity="${arrive.toFixed(3)}"`)}
    ${text(tagline, 'THE AI SOCIAL NETWORK', `${sans} fill="${colours.gold}" letter-spacing="${tagline.size * 0.22}" opacity="${progress(t, 0.7, 1.3).toFixed(3)}"`)}
    ${promise(0, 2.1)}
    ${promise(1, 2.6)}
    ${design.bubbles.map((item) => bubble(design, item, t)).join('')}
    <rect width="${design.width}" height="${design.height}" fill="${colours.night}" opacity="${fadeOut.toFixed(3)}"/>
  </svg>`;
}

export interface Layout {
  frame(t: number): string;
}

/** Frames for a video of this size: portrait layout when taller than wide, landscape otherwise. */
export function layoutFor(width: number, height: number): Layout {
  const design = height > width ? portrait : landscape;
  return {
    frame: (t) => frame(design, t).replace('<svg ', `<svg width="${width}" height="${height}" `),
  };
}
