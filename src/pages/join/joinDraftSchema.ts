import type { TString } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { StoredType as Type, wellTypedProperties } from '../../domain/contracts/lenientRead';
import {
  WIZARD_STEP_FIELDS,
  WIZARD_STEP_ORDER,
  isLookingForOption,
  isWizardStepValid,
  toggleLookingFor,
  type OnboardingDraft,
  type WizardField,
} from '../../domain/fieldRules';
import { type WizardStepId } from '../../domain/registrationFields';
import { limits } from '../../domain/limits';
import {
  REGISTRATION_FIELD_NAMES,
  registrationField,
  type RegistrationFieldName,
} from '../../domain/registrationFields';
import { canAddNetworkEntry, validateNetworkEntryInput, type NetworkEntry } from '../../domain/registration';
import { JOIN_STEP_ORDER, type JoinStep } from '../../features/joinFlow/joinFlowSlice';
import {
  initialOnboardingState,
  type OnboardingState,
  type PhotoMeta,
} from '../../features/onboarding/onboardingSlice';

/**
 * The registration draft kept in session storage (saved as the three slices' states, see
 * joinDraftStorage.ts), and `restoreJoinDraft`, the one function that reads it back: whatever is
 * stored is untrusted (another version of the page, or a hand-edited entry), so each part is rebuilt
 * from what is sound and anything malformed falls back to the start.
 */
export interface JoinDraft {
  /** Only a flow that had passed the invite gate is restored; null otherwise. */
  joinFlow: { step: Exclude<JoinStep, 'tutorial'>; inviteCode: string } | null;
  onboarding: OnboardingState;
  /** At most 3 sound entries per part, each id once, names trimmed. */
  network: NetworkEntry[];
}

const ALL_FIELDS = new Set<string>(Object.values(WIZARD_STEP_FIELDS).flat());

/** What session storage may hold, read leniently: a part of the wrong type is left out, not trusted. */
const StoredObject = Type.Object({});
const StoredDraft = Type.Object({
  ...(Object.fromEntries(REGISTRATION_FIELD_NAMES.map((name) => [name, Type.String()])) as Record<
    RegistrationFieldName,
    TString
  >),
  lookingFor: Type.Array(Type.Unknown()),
});
const StoredOnboarding = Type.Object({
  draft: Type.Unknown(),
  photo: Type.Unknown(),
  step: Type.Unknown(),
  direction: Type.Unknown(),
  touched: Type.Array(Type.Unknown()),
});
const StoredPhoto = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String(),
  type: Type.String(),
  size: Type.Number({ minimum: 0 }),
  width: Type.Optional(Type.Unknown()),
  height: Type.Optional(Type.Unknown()),
});
const StoredJoinFlow = Type.Object({ step: Type.Unknown(), inviteCode: Type.String() });
const StoredEntry = Type.Object({
  id: Type.String({ minLength: 1, maxLength: limits.fieldMaxLength.entryId }),
  group: Type.String(),
  location: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  avatarSeed: Type.String(),
  isPart2Entry: Type.Boolean(),
});
const StoredNetwork = Type.Object({ entries: Type.Array(Type.Unknown()) });
const StoredJoinDraft = Type.Object({
  joinFlow: Type.Unknown(),
  onboarding: Type.Unknown(),
  network: Type.Unknown(),
});

function restoreDraft(value: unknown, fallback: OnboardingDraft): OnboardingDraft {
  if (!Value.Check(StoredObject, value)) return fallback;
  const stored = wellTypedProperties(StoredDraft, value);
  const draft: OnboardingDraft = { ...fallback, lookingFor: [] };
  // Each cut to what its input takes, so a tampered session entry cannot put megabytes into the store.
  for (const field of REGISTRATION_FIELD_NAMES) {
    const text = stored[field];
    if (text !== undefined) draft[field] = text.slice(0, registrationField(field).maxLength);
  }
  for (const option of stored.lookingFor ?? []) {
    if (typeof option === 'string' && isLookingForOption(option) && !draft.lookingFor.includes(option)) {
      draft.lookingFor = toggleLookingFor(draft.lookingFor, option);
    }
  }
  return draft;
}

function restorePhoto(value: unknown): PhotoMeta | null {
  if (!Value.Check(StoredPhoto, value)) return null;
  const { id, name, type, size, width, height } = value;
  const dimension = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null);
  return {
    id,
    name: name.slice(0, 255),
    type: type.slice(0, 100),
    size,
    width: dimension(width),
    height: dimension(height),
  };
}

/**
 * The restored step, but never past the first step that is not valid: a session entry cannot skip
 * the person over a question they have not answered.
 */
function restoreStep(value: unknown, draft: OnboardingDraft, photoCount: number): WizardStepId {
  const order: readonly WizardStepId[] = WIZARD_STEP_ORDER;
  const wanted = order.find((step) => step === value) ?? order[0]!;
  for (const step of order) {
    if (step === wanted || !isWizardStepValid(step, draft, photoCount)) return step;
  }
  return wanted;
}

function restoreOnboarding(value: unknown): OnboardingState {
  const fallback = initialOnboardingState;
  if (!Value.Check(StoredObject, value)) return fallback;
  const stored = wellTypedProperties(StoredOnboarding, value);
  const draft = restoreDraft(stored.draft, fallback.draft);
  const photo = restorePhoto(stored.photo);
  const touched = (stored.touched ?? []).filter((field): field is WizardField =>
    ALL_FIELDS.has(String(field)),
  );
  return {
    draft,
    step: restoreStep(stored.step, draft, photo ? 1 : 0),
    direction: stored.direction === -1 ? -1 : 1,
    touched: [...new Set(touched)],
    photo,
  };
}

function restoreJoinFlow(value: unknown): JoinDraft['joinFlow'] {
  if (!Value.Check(StoredJoinFlow, value)) return null;
  const step = JOIN_STEP_ORDER.find((known) => known === value.step);
  if (step === undefined || step === 'tutorial') return null;
  return { step, inviteCode: value.inviteCode.slice(0, 20) };
}

function isSoundEntry(value: unknown): value is NetworkEntry {
  return (
    Value.Check(StoredEntry, value) &&
    Object.keys(validateNetworkEntryInput(value.group, value.location)).length === 0
  );
}

function restoreNetwork(value: unknown): NetworkEntry[] {
  const entries = wellTypedProperties(StoredNetwork, value).entries ?? [];
  const restored: NetworkEntry[] = [];
  for (const entry of entries) {
    if (!isSoundEntry(entry)) continue;
    if (restored.some((kept) => kept.id === entry.id)) continue;
    if (!canAddNetworkEntry(restored, entry.isPart2Entry)) continue;
    const sound = Value.Clean(StoredEntry, structuredClone(entry)) as NetworkEntry;
    restored.push({ ...sound, group: entry.group.trim(), location: entry.location.trim() });
  }
  return restored;
}

/** The draft from whatever session storage held (`JSON.parse`d), or undefined for anything but an object. */
export function restoreJoinDraft(value: unknown): JoinDraft | undefined {
  if (!Value.Check(StoredObject, value)) return undefined;
  const stored = wellTypedProperties(StoredJoinDraft, value);
  return {
    joinFlow: restoreJoinFlow(stored.joinFlow),
    onboarding: restoreOnboarding(stored.onboarding),
    network: restoreNetwork(stored.network),
  };
}
