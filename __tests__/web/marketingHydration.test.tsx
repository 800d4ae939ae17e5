import { act } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, createStyleCache } from '../../src/app/AppProviders';
import { makeStore } from '../../src/shared/store';
import BeccaPage from '../../src/pages/marketing/BeccaPage';
import CommunitiesPage from '../../src/pages/marketing/CommunitiesPage';
import HomePage from '../../src/pages/marketing/HomePage';
import HowItWorksPage from '../../src/pages/marketing/HowItWorksPage';

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

const pages: [string, ComponentType][] = [
  ['/', HomePage],
  ['/becca', BeccaPage],
  ['/how-it-works', HowItWorksPage],
  ['/communities', CommunitiesPage],
];

const pageTree = (path: string, Page: ComponentType) => () => (
  <AppProviders store={makeStore()} styleCache={createStyleCache()}>
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>
  </AppProviders>
);

/** The page's server HTML in the document, as the prerendered file puts it there. */
function mountServerHtml(tree: () => ReactElement): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree());
  // A browser's parser mutes a <video muted>; jsdom's innerHTML does not, and hydration would differ.
  container.querySelectorAll('video').forEach((video) => (video.muted = video.hasAttribute('muted')));
  document.body.appendChild(container);
  return container;
}

// These pages are prerendered at build time: the first client render must equal the server's,
// even for a visitor who prefers reduced motion (that is only checked in effects).
test.each(pages)('%s hydrates over its server HTML without a mismatch', async (path, Page) => {
  const tree = pageTree(path, Page);
  const container = mountServerHtml(tree);
  window.matchMedia = ((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;

  const recoverable: unknown[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, tree(), { onRecoverableError: (cause) => recoverable.push(cause) });
  });
  expect(recoverable).toEqual([]);
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
  act(() => root?.unmount());
  container.remove();
});

// The prerendered HTML asks for nothing but itself and its fonts before the first paint: the demo's
// portraits, the faces on /becca and the intro video arrive once the app runs.
test.each(pages)(
  '%s names no picture or video in its server HTML; hydrated, it has them',
  async (path, Page) => {
    const tree = pageTree(path, Page);
    const container = mountServerHtml(tree);
    const media = () =>
      container.querySelectorAll('img[src], source[src], video[poster], link[rel="preload"]');
    expect(media()).toHaveLength(0);

    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree());
    });
    if (path !== '/communities') expect(media().length).toBeGreaterThan(0);
    act(() => root?.unmount());
    container.remove();
  },
);
