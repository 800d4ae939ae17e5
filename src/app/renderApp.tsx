import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders, createStyleCache } from './AppProviders';
import { nextTask } from '../shared/nextTask';
import { appRoutes } from './routes';
import { makeStore } from '../shared/store';

/**
 * A prerendered page can only be hydrated once its route's code is here: load the lazy modules of the
 * routes that match this address first, so the first client render equals the HTML.
 */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  );
}

/** Renders the app into `container`, hydrating the prerendered HTML when there is some. */
export async function renderApp(container: HTMLElement): Promise<void> {
  const prerendered = container.hasChildNodes();
  if (prerendered) {
    await loadMatchedRoutes(appRoutes);
    // The route's modules ran in the task that delivered their file; build the app in a new one.
    await nextTask();
  }

  const store = makeStore();
  const styleCache = createStyleCache();
  // The router's set-up touches history and session storage, slow the first time in a page.
  if (prerendered) await nextTask();
  const app = (
    <StrictMode>
      <AppProviders store={store} styleCache={styleCache}>
        <RouterProvider router={createBrowserRouter(appRoutes)} />
      </AppProviders>
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: taps and scrolls stay responsive while it runs.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
