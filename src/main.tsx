import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createStyleCache } from './app/AppProviders';
import { appRoutes } from './app/routes';
import { makeStore } from './app/store';

const router = createBrowserRouter(appRoutes);
const store = makeStore();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} styleCache={createStyleCache()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
