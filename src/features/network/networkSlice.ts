import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { canAddNetworkEntry, validateNetworkEntryInput, type NetworkEntry } from '../../domain/registration';
import { makeBrowserId } from '../../shared/browserId';
import { injectLazily } from '../../shared/store';
import { entryPosition, freeSlot, isPart2, type NetworkPart } from './entryPositions';

/** Both who-I-know steps' entries in one list; `isPart2Entry` tells them apart. */
export interface NetworkState {
  entries: NetworkEntry[];
}

const initialState: NetworkState = { entries: [] };

export interface EntryInput {
  part: NetworkPart;
  group: string;
  location: string;
}

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    /** Appends one entry; a 4th entry of a part, or a blank or too long field, is refused (state unchanged). */
    entryAdded: {
      reducer(state, action: PayloadAction<EntryInput & { id: string }>) {
        const { part, group, location, id } = action.payload;
        const part2 = isPart2(part);
        if (!canAddNetworkEntry(state.entries, part2)) return;
        if (Object.keys(validateNetworkEntryInput(group, location)).length > 0) return;
        const name = group.trim();
        const partEntries = state.entries.filter((entry) => entry.isPart2Entry === part2);
        const { x, y } = entryPosition(part, freeSlot(partEntries, part));
        state.entries.push({
          id,
          group: name,
          location: location.trim(),
          x,
          y,
          avatarSeed: `${name.toLowerCase()}#${state.entries.length}`,
          isPart2Entry: part2,
        });
      },
      prepare(input: EntryInput) {
        return { payload: { ...input, id: makeBrowserId('entry') } };
      },
    },
    entryRemoved(state, action: PayloadAction<string>) {
      state.entries = state.entries.filter((entry) => entry.id !== action.payload);
    },
    /** The page's session-storage restore, with entries already checked (pages/join/joinDraftSchema.ts). */
    networkRestored(state, action: PayloadAction<NetworkEntry[]>) {
      state.entries = action.payload;
    },
  },
  selectors: {
    selectNetworkState: (state) => state,
    selectNetworkEntries: (state) => state.entries,
    selectPartEntries: createSelector(
      [(state: NetworkState) => state.entries, (_state: NetworkState, part: NetworkPart) => part],
      (entries, part) => entries.filter((entry) => entry.isPart2Entry === isPart2(part)),
    ),
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof networkSlice> {}
}

// Injected when the /join code loads; the selectors fall back to the initial state before that.
const injectedNetworkSlice = injectLazily(networkSlice);

export const { entryAdded, entryRemoved, networkRestored } = networkSlice.actions;
export const { selectNetworkState, selectNetworkEntries, selectPartEntries } = injectedNetworkSlice.selectors;
