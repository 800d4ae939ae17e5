import {
  WIZARD_STEP_FIELDS,
  WIZARD_STEP_ORDER,
  isLookingForOption,
  isWizardStepValid,
  toggleLookingFor,
  type OnboardingDraft,
  type WizardField,
  type WizardStepId,
} from '../../domain/fieldRules';
import { limits } from '../../domain/limits';
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

type Fields = Record<string, unknown>;

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'age',
  'joy',
  'exciting',
  'occupation',
  'phone',
  'location',
] as const satisfies readonly (keyof OnboardingDraft)[];

/** Generous caps so a tampered session entry cannot put megabytes into the store. */
const TEXT_CAP: Record<(typeof TEXT_FIELDS)[number], number> = {
  ...limits.fieldMaxLength,
  age: 3,
  phone: limits.phoneInputMaxLength,
};

const ALL_FIELDS = new Set<string>(Object.values(WIZARD_STEP_FIELDS).flat());

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function restoreDraft(value: unknown, fallback: OnboardingDraft): OnboardingDraft {
  if (!isObject(value)) return fallback;
  const draft: OnboardingDraft = { ...fallback, lookingFor: [] };
  for (const field of TEXT_FIELDS) {
    const text = value[field];
    if (typeof text === 'string') draft[field] = text.slice(0, TEXT_CAP[field]);
  }
  if (Array.isArray(value.lookingFor)) {
    for (const option of value.lookingFor) {
      if (typeof option === 'string' && isLookingForOption(option) && !draft.lookingFor.includes(option)) {
        draft.lookingFor = toggleLookingFor(draft.lookingFor, option);
      }
    }
  }
  return draft;
}

function restorePhoto(value: unknown): PhotoMeta | null {
  if (!isObject(value)) return null;
  const { id, name, type, size, width, height } = value;
  const dimension = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null);
  if (typeof id !== 'string' || id === '' || id.length > 64) return null;
  if (typeof name !== 'string' || typeof type !== 'string') return null;
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) return null;
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
  if (!isObject(value)) return fallback;
  const draft = restoreDraft(value.draft, fallback.draft);
  const photo = restorePhoto(value.photo);
  const touched = Array.isArray(value.touched)
    ? [...new Set(value.touched.filter((field): field is WizardField => ALL_FIELDS.has(String(field))))]
    : [];
  return {
    draft,
    step: restoreStep(value.step, draft, photo ? 1 : 0),
    direction: value.direction === -1 ? -1 : 1,
    touched,
    photo,
  };
}

function restoreJoinFlow(value: unknown): JoinDraft['joinFlow'] {
  if (!isObject(value) || typeof value.inviteCode !== 'string') return null;
  const step = JOIN_STEP_ORDER.find((known) => known === value.step);
  if (step === undefined || step === 'tutorial') return null;
  return { step, inviteCode: value.inviteCode.slice(0, 20) };
}

function isSoundEntry(value: unknown): value is NetworkEntry {
  if (!isObject(value)) return false;
  return (
    typeof value.id === 'string' &&
    value.id !== '' &&
    value.id.length <= limits.fieldMaxLength.entryId &&
    typeof value.group === 'string' &&
    typeof value.location === 'string' &&
    Object.keys(validateNetworkEntryInput(value.group, value.location)).length === 0 &&
    typeof value.x === 'number' &&
    Number.isFinite(value.x) &&
    typeof value.y === 'number' &&
    Number.isFinite(value.y) &&
    typeof value.avatarSeed === 'string' &&
    typeof value.isPart2Entry === 'boolean'
  );
}

function restoreNetwork(value: unknown): NetworkEntry[] {
  const entries = isObject(value) && Array.isArray(value.entries) ? value.entries : [];
  const restored: NetworkEntry[] = [];
  for (const entry of entries) {
    if (!isSoundEntry(entry)) continue;
    if (restored.some((kept) => kept.id === entry.id)) continue;
    if (!canAddNetworkEntry(restored, entry.isPart2Entry)) continue;
    restored.push({ ...entry, group: entry.group.trim(), location: entry.location.trim() });
  }
  return restored;
}

/** The draft from whatever session storage held (`JSON.parse`d), or undefined for anything but an object. */
export function restoreJoinDraft(value: unknown): JoinDraft | undefined {
  if (!isObject(value)) return undefined;
  return {
    joinFlow: restoreJoinFlow(value.joinFlow),
    onboarding: restoreOnboarding(value.onboarding),
    network: restoreNetwork(value.network),
  };
}
