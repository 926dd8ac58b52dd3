import { createContext, useContext } from "react";

/**
 * The random source of the simulated syncs (SPEC §4: about 70 % succeed). Tests provide a fixed one; the page reads
 * Math.random at call time, so an end-to-end test can seed it with an init script (decision 0071).
 */
export const SyncRandomContext = createContext<() => number>(() => Math.random());

export const useSyncRandom = () => useContext(SyncRandomContext);
