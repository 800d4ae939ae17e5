import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * Slices that load with their pages (the RTK Query api among them) declare themselves here through
 * module augmentation and inject into `rootReducer`, so `/` does not download code it never runs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({}).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware that arrives with lazily loaded code (RTK Query's) is added here. */
export const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

const lazySlicesInjected = { type: 'app/lazySlicesInjected' } as const;
const liveStores = new Set<WeakRef<{ dispatch: (action: typeof lazySlicesInjected) => unknown }>>();

/**
 * Call after injecting a slice: gives it its initial state in every store at once. Otherwise it
 * appears only with the next action, and RTK Query skips a first request made before then.
 */
export function initialiseInjectedSlices(): void {
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch(lazySlicesInjected);
    else liveStores.delete(ref);
  }
}

/**
 * RTK's development checks (serializable, immutable) warn when one walk of the state takes over
 * 32 ms; on a shared 2-core test machine that measures the machine's load, not our state.
 */
const invariantChecks = { warnAfter: 500 };

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: invariantChecks, immutableCheck: invariantChecks }).concat(
        dynamicMiddleware.middleware,
      ),
    devTools: process.env.NODE_ENV !== 'production',
  });
  liveStores.add(new WeakRef(store));
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
