import { parseAge, toWebNetworkEntry, type NetworkEntry, type WebRegistrationPayload } from './registration';

/**
 * The older multipart registration of the test harness: text fields firstName,
 * lastName, age, location, phone, occupation and whoIKnow (JSON text), beside a photo_0 file.
 */
export type LegacyRegistrationFields = Record<string, string | undefined>;

export type LegacyConversion = { ok: true; payload: WebRegistrationPayload } | { ok: false; detail: string };

/** The harness may send the occupation behind the wizard's question; the payload holds the answer alone. */
const OCCUPATION_QUESTION = 'What is your occupation?: ';

function occupationAnswer(text: string): string {
  return text.startsWith(OCCUPATION_QUESTION) ? text.slice(OCCUPATION_QUESTION.length) : text;
}

const WHO_I_KNOW_NOT_A_LIST = 'whoIKnow must be JSON text listing your connections';
const ENTRY_NOT_AN_OBJECT = 'Each whoIKnow entry must be an object with a group and a location';

type JsonObject = Record<string, unknown>;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function coordinate(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Accepts both the browser's entry shape (group, x, y) and the payload's (group_name, position). */
function toNetworkEntry(raw: JsonObject, index: number): NetworkEntry {
  const position = isJsonObject(raw.position) ? raw.position : {};
  const rawId = raw.id;
  return {
    id: typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : `legacy-${index}`,
    group: text(raw.group) || text(raw.group_name),
    location: text(raw.location),
    x: coordinate(raw.x ?? position.x),
    y: coordinate(raw.y ?? position.y),
    avatarSeed: text(raw.avatarSeed),
    isPart2Entry: raw.isPart2Entry === true || raw.kind === 'person',
  };
}

function parseWhoIKnow(json: string | undefined): NetworkEntry[] | string {
  if (json === undefined || json.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return WHO_I_KNOW_NOT_A_LIST;
  }
  if (!Array.isArray(parsed)) return WHO_I_KNOW_NOT_A_LIST;
  if (!parsed.every(isJsonObject)) return ENTRY_NOT_AN_OBJECT;
  return parsed.map(toNetworkEntry);
}

/**
 * Converts the older form to the web payload, so the server validates both forms with one set of
 * rules. Missing fields become empty text and are then reported by the usual required-field checks.
 */
export function legacyFormToWebPayload(
  fields: LegacyRegistrationFields,
  inviteCode: string,
): LegacyConversion {
  const whoIKnow = parseWhoIKnow(fields.whoIKnow);
  if (typeof whoIKnow === 'string') return { ok: false, detail: whoIKnow };

  const payload: WebRegistrationPayload = {
    invite_code: inviteCode,
    first_name: fields.firstName ?? '',
    last_name: fields.lastName ?? '',
    age: parseAge(fields.age ?? ''),
    location: fields.location ?? '',
    phone: fields.phone ?? '',
    occupation: occupationAnswer(fields.occupation ?? ''),
    who_i_know_groups: whoIKnow.map(toWebNetworkEntry),
    who_i_know_people: [],
    looking_for: [],
    interests: [],
  };
  return { ok: true, payload };
}
