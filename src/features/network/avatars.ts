/** The who-I-know avatar bank and how a group name picks its faces. */
import type { NetworkEntryKind } from '../../domain/registration';

export const AGE_BANDS = ['young', 'middle', 'mature', 'old', 'unknown'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export const AVATAR_BASE_URL = '/assets/avatars/';

/** The 43 preset images in static/assets/avatars/ (scripts/makePortraits.ts); each name carries its band. */
// prettier-ignore
export const AVATAR_FILES: readonly string[] = [
  'young-01.png',
  'young-02.png',
  'young-03.png',
  'young-04.png',
  'young-05.png',
  'young-06.png',
  'young-07.png',
  'young-08.png',
  'young-09.png',
  'young-10.png',
  'middle-01.png',
  'middle-02.png',
  'middle-03.png',
  'middle-04.png',
  'middle-05.png',
  'middle-06.png',
  'middle-07.png',
  'middle-08.png',
  'middle-09.png',
  'middle-10.png',
  'mature-01.png',
  'mature-02.png',
  'mature-03.png',
  'mature-04.png',
  'mature-05.png',
  'mature-06.png',
  'mature-07.png',
  'mature-08.png',
  'mature-09.png',
  'old-01.png',
  'old-02.png',
  'old-03.png',
  'old-04.png',
  'old-05.png',
  'old-06.png',
  'old-07.png',
  'old-08.png',
  'unknown-01.png',
  'unknown-02.png',
  'unknown-03.png',
  'unknown-04.png',
  'unknown-05.png',
  'unknown-06.png',
];

/** The age band a file name carries (`'old-03.png'` → `'old'`); anything unrecognised is `'unknown'`. */
export function avatarBand(fileName: string): AgeBand {
  const prefix = /^([a-z]+)-\d+\.[a-z]+$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return (AGE_BANDS as readonly string[]).includes(prefix) ? (prefix as AgeBand) : 'unknown';
}

export const AVATARS_BY_BAND: Readonly<Record<AgeBand, readonly string[]>> = Object.fromEntries(
  AGE_BANDS.map((band) => [band, AVATAR_FILES.filter((file) => avatarBand(file) === band)]),
) as Record<AgeBand, string[]>;

/** Ends with "s" but not "ss" ("Friends" yes; "Chess Club", "Glass" no). */
export function looksPlural(name: string): boolean {
  const text = name.trim().toLowerCase();
  return text.endsWith('s') && !text.endsWith('ss');
}

/** FNV-1a: a stable 32-bit number from a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: string): () => number {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MAX_GROUP_AVATARS = 4;

/**
 * A person is one face, whatever their name ("Charles", "James"); a group is 1 face for a singular
 * name and 2 to 4 (fixed by the seed) for a plural one.
 */
export function avatarCountFor(name: string, seed: string, kind: NetworkEntryKind): number {
  if (kind === 'person' || !looksPlural(name)) return 1;
  return 2 + (hashString(`count:${seed}`) % (MAX_GROUP_AVATARS - 1));
}

export type BandWeights = Record<AgeBand, number>;

const EVEN: BandWeights = { young: 1, middle: 1, mature: 1, old: 1, unknown: 1 };

/** The first matching rule wins, so "grandparents" is read before "parents". */
const KEYWORD_RULES: readonly { words: readonly string[]; weights: BandWeights }[] = [
  {
    words: ['grandparent', 'retired', 'retiree', 'pensioner', 'golf', 'bowls'],
    weights: { young: 0, middle: 1, mature: 6, old: 6, unknown: 1 },
  },
  {
    words: ['school', 'uni', 'university', 'college', 'student', 'society', 'societies', 'club', 'classmate'],
    weights: { young: 10, middle: 2, mature: 0.5, old: 0, unknown: 1 },
  },
  {
    words: ['work', 'colleague', 'team', 'company', 'startup', 'office', 'coworker'],
    weights: { young: 2, middle: 8, mature: 2, old: 0.5, unknown: 1 },
  },
  {
    words: ['parent', 'family', 'church', 'choir', 'neighbour', 'neighbor', 'community'],
    weights: { young: 3, middle: 3, mature: 3, old: 3, unknown: 1 },
  },
];

/** Age-band weights from keywords in the name (whole words, a trailing "s" allowed); even otherwise. */
export function bandWeightsFor(name: string): BandWeights {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const matches = (keyword: string) => words.some((word) => word === keyword || word === `${keyword}s`);
  const rule = KEYWORD_RULES.find(({ words: keywords }) => keywords.some(matches));
  return { ...(rule?.weights ?? EVEN) };
}

/** Distinct avatar URLs for an entry, always the same for the same name, seed and kind. */
export function avatarsFor(name: string, seed: string, kind: NetworkEntryKind): string[] {
  const next = seededRandom(`avatars:${seed}`);
  const weights = bandWeightsFor(name);
  const remaining = Object.fromEntries(AGE_BANDS.map((band) => [band, [...AVATARS_BY_BAND[band]]])) as Record<
    AgeBand,
    string[]
  >;
  const weightOf = (band: AgeBand) => weights[band];
  const picked: string[] = [];
  for (let i = 0; i < avatarCountFor(name, seed, kind); i += 1) {
    const bands = AGE_BANDS.filter((band) => remaining[band].length > 0 && weightOf(band) > 0);
    const total = bands.reduce((sum, band) => sum + weightOf(band), 0);
    let roll = next() * total;
    const band = bands.find((candidate) => (roll -= weightOf(candidate)) < 0) ?? bands[bands.length - 1];
    if (band === undefined) break;
    const [file] = remaining[band].splice(Math.floor(next() * remaining[band].length), 1);
    if (file !== undefined) picked.push(`${AVATAR_BASE_URL}${file}`);
  }
  return picked;
}

/** "Ada Lovelace" → "AL"; one name gives its first letter; nothing gives "?". */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => Array.from(part)[0] ?? '');
  const initials = letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '');
  return initials.toUpperCase() || '?';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The user's avatar when there is no photo: made here as an SVG data URI, nothing is fetched. */
export function userAvatarFallback(seed: string, initials?: string): string {
  const hue = hashString(`colour:${seed}`) % 360;
  const shown =
    Array.from((initials ?? initialsOf(seed)).trim())
      .slice(0, 2)
      .join('') || '?';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<rect width="128" height="128" rx="64" fill="hsl(${hue}, 45%, 34%)"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Inter, system-ui, sans-serif" ` +
    `font-size="48" font-weight="600" fill="#ffffff">${escapeXml(shown)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
