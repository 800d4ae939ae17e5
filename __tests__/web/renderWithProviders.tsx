import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createStyleCache } from '../../src/app/AppProviders';
import { appRoutes } from '../../src/app/routes';
import { makeStore, type AppStore, type RootState } from '../../src/shared/store';

interface Options extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Renders with the same store, theme and style cache the app uses. */
export function renderWithProviders(ui: ReactElement, { preloadedState, store, ...options }: Options = {}) {
  const appStore = store ?? makeStore(preloadedState);
  return {
    store: appStore,
    ...render(
      <AppProviders store={appStore} styleCache={createStyleCache()}>
        {ui}
      </AppProviders>,
      options,
    ),
  };
}

/** Renders the app's real route table at a path. */
export function renderRoute(path: string, options: Options = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, options) };
}
