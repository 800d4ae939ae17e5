import type { RootState } from '../../shared/store';
import { toWebRegistrationPayload } from '../../domain/registration';
import { checkWebRegistrationPayload } from '../../domain/registrationPayloadRules';
import { selectAcceptedInviteCode } from '../../features/joinFlow/joinFlowSlice';
import { selectNetworkEntries } from '../../features/network/networkSlice';
import { selectOnboardingDraft, selectPhotoMeta } from '../../features/onboarding/onboardingSlice';
import { getPhotoFile } from '../../features/onboarding/photoStore';
import type { RegistrationUpload } from '../../features/registration/registrationApi';

/**
 * Gathers what the flow collected into one registration, checked by the rules the server runs, or
 * names the first thing that fails (the required fields in the order the wizard asks for them).
 */
export function registrationUploadFrom(state: RootState): RegistrationUpload | { problem: string } {
  const photoMeta = selectPhotoMeta(state);
  const photo = photoMeta ? getPhotoFile(photoMeta.id) : undefined;
  const inviteCode = selectAcceptedInviteCode(state);
  const received = toWebRegistrationPayload(
    selectOnboardingDraft(state),
    selectNetworkEntries(state),
    inviteCode ?? '',
  );
  const checked = checkWebRegistrationPayload(received, photo ? 1 : 0);
  if (checked.error) return { problem: checked.error.detail };
  if (!inviteCode || !photo) return { problem: 'An invite code is required to register.' };
  return { payload: checked.payload, photos: [photo] };
}
