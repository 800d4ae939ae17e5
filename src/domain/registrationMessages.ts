import { limits } from './limits';

/**
 * Every message of a registration, each once, word for word as a person reads it. The
 * wizard shows `field` messages beside the field they judge (so they need not name it); the
 * registration's checks, run by the browser before sending and by the server on what it receives,
 * show `required` messages alone (so they name the field). The photo message is both.
 */
const PHOTO_REQUIRED = 'At least one photo is required';

export const REGISTRATION_MESSAGES = {
  /** The onboarding wizard's inline messages. */
  field: {
    required: 'Required',
    invalidAge: `Please enter a valid age (${limits.age.min}-${limits.age.max})`,
    longTextRequired: `Required (at least ${limits.longTextMinLength} characters)`,
    invalidPhone: 'Please enter a valid phone number',
    selectAtLeastOne: 'Select at least 1 option',
    photoRequired: PHOTO_REQUIRED,
    tooManyPhotos: `Upload at most ${limits.photos.max} photos`,
    tooManyLookingFor: `Select at most ${limits.lookingForMax} options`,
  },
  /**
   * The registration's required parts beside its declared fields (each of which says
   * `requiredMessage(label)`, e.g. "First name is required").
   */
  required: {
    photos: PHOTO_REQUIRED,
    whoIKnow: 'Social connections are required',
  },
} as const;

/** A required field left blank, named: "First name is required". */
export function requiredMessage(label: string): string {
  return `${label} is required`;
}

/**
 * Too long: beside its field ("Must be at most 80 characters"), or naming it when nothing is beside
 * it ("First name must be at most 80 characters").
 */
export function tooLongMessage(maxLength: number, label?: string): string {
  const limit = `be at most ${maxLength} characters`;
  return label === undefined ? `Must ${limit}` : `${label} must ${limit}`;
}
