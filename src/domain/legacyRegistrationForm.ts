import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { wellTypedProperties } from './contracts/lenientRead';
import { LegacyWhoIKnowEntry } from './contracts/registration';
import { EMPTY_ONBOARDING_DRAFT, type OnboardingDraft } from './fieldRules';
import type { WebRegistrationPayload } from './contracts/registration';
import { toWebRegistrationPayload, type NetworkEntry } from './registration';
import { WIRE_FIELD_NAMES } from './registrationFields';

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

const EntryList = Type.Array(Type.Unknown());
const ObjectList = Type.Array(Type.Record(Type.String(), Type.Unknown()));
/** Accepts both the browser's entry shape (group, x, y) and the payload's (group_name, position). */
function toNetworkEntry(raw: unknown, index: number): NetworkEntry {
  // A value of the wrong type is dropped, and then reported by the usual rules ("Each connection needs a name").
  const entry = wellTypedProperties(LegacyWhoIKnowEntry, raw);
  return {
    id: entry.id === undefined ? `legacy-${index}` : String(entry.id),
    group: entry.group || entry.group_name || '',
    location: entry.location ?? '',
    x: entry.x ?? entry.position?.x ?? 0,
    y: entry.y ?? entry.position?.y ?? 0,
    avatarSeed: entry.avatarSeed ?? '',
    isPart2Entry: entry.isPart2Entry === true || entry.kind === 'person',
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
  if (!Value.Check(EntryList, parsed)) return WHO_I_KNOW_NOT_A_LIST;
  if (!Value.Check(ObjectList, parsed)) return ENTRY_NOT_AN_OBJECT;
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

  // The older form names its text fields as the wizard's draft does; what it leaves out stays empty.
  const draft: OnboardingDraft = { ...EMPTY_ONBOARDING_DRAFT };
  for (const name of WIRE_FIELD_NAMES) draft[name] = fields[name] ?? '';
  draft.occupation = occupationAnswer(draft.occupation);
  const payload = toWebRegistrationPayload(draft, whoIKnow, inviteCode);
  return { ok: true, payload };
}
