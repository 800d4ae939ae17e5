import { useCallback, useLayoutEffect, useRef } from 'react';
import { useAppDispatch, useAppStore } from '../../shared/hooks';
import { joinFlowRestored } from '../../features/joinFlow/joinFlowSlice';
import { networkRestored } from '../../features/network/networkSlice';
import { onboardingRestored, photoRemoved } from '../../features/onboarding/onboardingSlice';
import { removePhoto, restorePhotoFromSession } from '../../features/onboarding/photoStore';
import { clearJoinDraft, loadJoinDraft, saveJoinDraft } from './joinDraftStorage';

/**
 * Restores the registration draft (flow step, wizard answers, network entries, photo) before the
 * first paint, then saves it on every change until the registration has succeeded.
 * Returns `finish`, which forgets the draft for good.
 */
export function usePersistedJoinDraft(): () => void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const finished = useRef(false);

  useLayoutEffect(() => {
    const saved = loadJoinDraft();
    if (saved) {
      if (saved.joinFlow) dispatch(joinFlowRestored(saved.joinFlow));
      dispatch(onboardingRestored(saved.onboarding));
      dispatch(networkRestored(saved.network));
      const photo = restorePhotoFromSession();
      const photoId = store.getState().onboarding?.photo?.id;
      if (photoId && photo?.id !== photoId) dispatch(photoRemoved());
    }
    return store.subscribe(() => {
      if (!finished.current) saveJoinDraft(store.getState());
    });
  }, [dispatch, store]);

  return useCallback(() => {
    finished.current = true;
    clearJoinDraft();
    const photoId = store.getState().onboarding?.photo?.id;
    if (photoId) removePhoto(photoId);
  }, [store]);
}
