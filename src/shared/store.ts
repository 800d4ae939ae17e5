import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
} from '@reduxjs/toolkit';

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
 * Gives newly injected state its initial value in every store at once. Otherwise it appears only
 * with the next action, and RTK Query skips a first request made before then.
 */
function initialiseInjectedSlices(): void {
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch(lazySlicesInjected);
    else liveStores.delete(ref);
  }
}

/**
 * The one way code that loads with its page joins the store (declare it in `LazyLoadedSlices` too):
 * a slice is injected into `rootReducer` and returned injected, so its selectors fall back to the
 * initial state before then; the RTK Query api brings its middleware along. Either way every live
 * store gets the new state at once.
 */
export function injectLazily<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(
  slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>,
): ReturnType<typeof slice.injectInto<ReducerPath>>;
export function injectLazily(api: { reducerPath: string; reducer: Reducer; middleware: Middleware }): void;
export function injectLazily(
  part: Slice | { reducerPath: string; reducer: Reducer; middleware: Middleware },
): unknown {
  let injected: unknown;
  if ('injectInto' in part) injected = part.injectInto(rootReducer);
  else {
    rootReducer.inject(part as never);
    dynamicMiddleware.addMiddleware(part.middleware);
  }
  initialiseInjectedSlices();
  return injected;
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
