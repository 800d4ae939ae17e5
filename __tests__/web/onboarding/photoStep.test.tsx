import { screen, waitFor } from '@testing-library/react';
import { selectPhotoMeta } from '../../../src/features/onboarding/onboardingSlice';
import { SESSION_PHOTO_KEY, getPhoto } from '../../../src/features/onboarding/photoStore';
import { goToStep, image, nextButton, photoInput, runWizardOnFakeClock, setup } from './wizardHarness';
import { findLiveRegionSaying, getLiveRegionSaying, queryLiveRegionSaying } from '../liveRegions';

runWizardOnFakeClock();

describe('photo step', () => {
  test('a non-image is refused and not kept', async () => {
    const { user, store } = setup({ applyAccept: false });
    await goToStep(user, 3);
    expect(screen.getByText(/Upload 1 to 3 photos of yourself/)).toBeInTheDocument();
    expect(photoInput()).toHaveAttribute('type', 'file');
    expect(photoInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
    await user.upload(photoInput(), new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(
      await findLiveRegionSaying('Please choose a JPEG, PNG, WebP, GIF or AVIF photo'),
    ).toBeInTheDocument();
    expect(selectPhotoMeta(store.getState())).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  test('an image is kept with a preview; a second replaces it; Remove removes it', async () => {
    const { user, store } = setup({ applyAccept: false });
    await goToStep(user, 3);
    const first = image('me.png');
    await user.upload(photoInput(), first);
    const preview = await screen.findByRole('img', { name: 'Your chosen photo' });
    expect(preview.getAttribute('src')).toMatch(/^blob:preview-/);
    expect(screen.getByText('me.png')).toBeInTheDocument();
    const firstMeta = selectPhotoMeta(store.getState())!;
    expect(firstMeta).toEqual({
      id: expect.any(String),
      name: 'me.png',
      type: 'image/png',
      size: first.size,
      width: null,
      height: null,
    });
    expect(getPhoto(firstMeta.id)).toBe(first);
    expect(nextButton()).toBeEnabled();
    await waitFor(() => expect(sessionStorage.getItem(SESSION_PHOTO_KEY)).toContain(firstMeta.id));

    // A non-image afterwards leaves the kept photo alone.
    await user.upload(photoInput(), new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await findLiveRegionSaying('Please choose a JPEG, PNG, WebP, GIF or AVIF photo'),
    ).toBeInTheDocument();
    expect(selectPhotoMeta(store.getState())).toBe(firstMeta);

    const firstUrl = preview.getAttribute('src');
    await user.upload(photoInput(), image('beach.jpg', 'image/jpeg'));
    await screen.findByText('beach.jpg');
    expect(queryLiveRegionSaying('Please choose a')).toBeUndefined();
    expect(screen.getAllByRole('img', { name: 'Your chosen photo' })).toHaveLength(1);
    expect(screen.queryByText('me.png')).not.toBeInTheDocument();
    const secondMeta = selectPhotoMeta(store.getState())!;
    expect(secondMeta.name).toBe('beach.jpg');
    expect(getPhoto(firstMeta.id)).toBeUndefined();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(firstUrl);

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img', { name: 'Your chosen photo' })).not.toBeInTheDocument();
    expect(selectPhotoMeta(store.getState())).toBeNull();
    expect(getPhoto(secondMeta.id)).toBeUndefined();
    expect(sessionStorage.getItem(SESSION_PHOTO_KEY)).toBeNull();
    expect(nextButton()).toBeDisabled();
    expect(getLiveRegionSaying('At least one photo is required')).toBeInTheDocument();
  });

  test('without URL.createObjectURL (plain jsdom) the photo is still kept and named', async () => {
    const { user } = setup();
    await goToStep(user, 3);
    Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true, writable: true });
    await user.upload(photoInput(), image('selfie.png'));
    expect(await screen.findByText('selfie.png')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
  });
});
