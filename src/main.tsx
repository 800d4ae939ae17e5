import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders, createStyleCache } from './app/AppProviders';
import { appRoutes } from './app/routes';
import { watchPaintTimings } from './app/performanceWatch';
import { makeStore } from './app/store';

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

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const prerendered = container.hasChildNodes();
  if (prerendered) await loadMatchedRoutes(appRoutes);

  const app = (
    <StrictMode>
      <AppProviders store={makeStore()} styleCache={createStyleCache()}>
        <RouterProvider router={createBrowserRouter(appRoutes)} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

watchPaintTimings();
void start();
