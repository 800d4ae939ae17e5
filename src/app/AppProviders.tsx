import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppReady } from './AppReady';
import { GlobalStyles } from './GlobalStyles';
import type { AppStore } from '../shared/store';
import { theme } from '../shared/theme';

/**
 * Styles go in through the CSSOM (`insertRule` into empty <style> elements), in development too:
 * the CSP admits no inline style text it has no hash for, and pages are the same bytes for everyone.
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', speedy: true });
}

export function AppProviders({
  store,
  styleCache,
  children,
}: {
  store: AppStore;
  styleCache: EmotionCache;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <CacheProvider value={styleCache}>
        <ThemeProvider theme={theme}>
          <GlobalStyles />
          {children}
          <AppReady />
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}
