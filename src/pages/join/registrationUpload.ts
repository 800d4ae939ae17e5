import type { RootState } from '../../app/store';
import {
  firstRegistrationFormError,
  toRegistrationForm,
  toWebRegistrationPayload,
} from '../../domain/registration';
import { selectAcceptedInviteCode } from '../../features/joinFlow/joinFlowSlice';
import { selectNetworkEntries } from '../../features/network/networkSlice';
import { selectPhotoMeta, selectWizardResult } from '../../features/onboarding/onboardingSlice';
import { getPhotoFile } from '../../features/onboarding/photoStore';
import type { RegistrationUpload } from '../../features/registration/registrationApi';

/**
 * Gathers what the flow collected into one registration, or names the first thing missing
 * (spec §5's required-field messages, in order).
 */
export function registrationUploadFrom(state: RootState): RegistrationUpload | { problem: string } {
  const photoMeta = selectPhotoMeta(state);
  const photo = photoMeta ? getPhotoFile(photoMeta.id) : undefined;
  const form = toRegistrationForm(selectWizardResult(state), selectNetworkEntries(state));
  const problem = firstRegistrationFormError(form, photo ? 1 : 0);
  if (problem) return { problem };
  const inviteCode = selectAcceptedInviteCode(state);
  if (!inviteCode || !photo) return { problem: 'An invite code is required to register.' };
  return { payload: toWebRegistrationPayload(form, inviteCode), photos: [photo] };
}
