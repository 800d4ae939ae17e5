import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppReady } from './AppReady';
import { GlobalStyles } from './GlobalStyles';
import type { AppStore } from '../shared/store';
import { theme } from '../shared/theme';

/** The server puts a per-response nonce in this meta tag; the CSP admits only styles that carry it. */
export function createStyleCache(): EmotionCache {
  const nonce = globalThis.document?.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return createCache({ key: 'css', nonce: nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined });
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
