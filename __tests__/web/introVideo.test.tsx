import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Globals } from '@react-spring/web';
import { INTRO_VIDEO_POSTER, IntroVideo, introVideoSources } from '../../src/features/introVideo/IntroVideo';
import { INTRO_VIDEO_SEEN_KEY } from '../../src/features/introVideo/introVideoSession';
import { renderRoute, renderWithProviders } from './renderWithProviders';

Globals.assign({ requestAnimationFrame: (callback) => requestAnimationFrame(callback) });

beforeEach(() => sessionStorage.clear());

const overlay = () => screen.queryByRole('dialog', { name: 'Becca intro video' });
const video = () => overlay()!.querySelector('video')!;

function renderVideo(props: { clearSeenFlagOnLoad?: boolean } = {}) {
  const onFinished = jest.fn();
  const view = renderWithProviders(<IntroVideo onFinished={onFinished} {...props} />);
  return { onFinished, ...view };
}

test('plays muted and inline with a poster, a source per screen size and a Skip button', () => {
  renderVideo();
  expect(video()).toHaveAttribute('autoplay');
  expect(video()).toHaveAttribute('playsinline');
  expect(video().muted).toBe(true);
  expect(video()).toHaveAttribute('poster', INTRO_VIDEO_POSTER);
  const sources = Array.from(video().querySelectorAll('source'), (source) => [
    source.getAttribute('media'),
    source.getAttribute('src'),
  ]);
  expect(sources).toEqual([
    ['(max-width: 767.98px)', '/videos/intro-mobile.mp4'],
    ['(max-width: 1279.98px)', '/videos/intro-medium.mp4'],
    [null, '/videos/intro-standard.mp4'],
  ]);
  expect(introVideoSources).toHaveLength(3);
  expect(screen.getByRole('button', { name: 'Skip' })).toBeVisible();
});

test('Skip ends it at once, sets the session flag and hands over to the page', async () => {
  const user = userEvent.setup();
  const { onFinished } = renderVideo();
  expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Skip' }));
  expect(overlay()).not.toBeInTheDocument();
  expect(onFinished).toHaveBeenCalledWith('skipped');
  expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBe('true');
});

test('the end of the video ends it and sets the session flag', () => {
  const { onFinished } = renderVideo();
  fireEvent.ended(video());
  expect(overlay()).not.toBeInTheDocument();
  expect(onFinished).toHaveBeenCalledWith('ended');
  expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBe('true');
});

test('a video error shows "Video failed to load" and Continue hands over to the page', async () => {
  const user = userEvent.setup();
  const { onFinished } = renderVideo();
  fireEvent.error(video());
  expect(screen.getByRole('alert')).toHaveTextContent('Video failed to load');
  expect(overlay()!.querySelector('video')).toBeNull();
  expect(onFinished).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(overlay()).not.toBeInTheDocument();
  expect(onFinished).toHaveBeenCalledWith('failed');
  expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBeNull();
});

test('a size-specific source that fails (or does not match) is not a failure; the last one is', () => {
  renderVideo();
  const [mobile, medium, standard] = Array.from(video().querySelectorAll('source'));
  fireEvent.error(mobile!);
  fireEvent.error(medium!);
  expect(screen.queryByText('Video failed to load')).not.toBeInTheDocument();
  fireEvent.error(standard!);
  expect(screen.getByText('Video failed to load')).toBeInTheDocument();
});

test('the seen flag is cleared on load only where the page asks for it', () => {
  sessionStorage.setItem(INTRO_VIDEO_SEEN_KEY, 'true');
  const first = renderVideo();
  expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBe('true');
  first.unmount();
  renderVideo({ clearSeenFlagOnLoad: true });
  expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBeNull();
});

describe('on the pages', () => {
  test('/how-it-works clears the flag on every load, keeps the page inert under the video, then focuses it', async () => {
    sessionStorage.setItem(INTRO_VIDEO_SEEN_KEY, 'true');
    const user = userEvent.setup();
    renderRoute('/how-it-works');
    const heading = await screen.findByRole('heading', { level: 1, name: 'How Becca works' });
    expect(overlay()).toBeInTheDocument();
    expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBeNull();
    expect(heading.closest('[inert]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(overlay()).not.toBeInTheDocument();
    expect(heading.closest('[inert]')).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
    expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBe('true');
  });

  test('/becca plays the video first and shows its hero once it ends', async () => {
    renderRoute('/becca');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Meet Becca, proactive AI for your relationships',
    });
    expect(heading.closest('[inert]')).not.toBeNull();
    act(() => {
      fireEvent.ended(video());
    });
    expect(overlay()).not.toBeInTheDocument();
    expect(heading.closest('[inert]')).toBeNull();
    expect(sessionStorage.getItem(INTRO_VIDEO_SEEN_KEY)).toBe('true');
  });
});
