/** Fewer characters than this (after trimming) look nothing up: recent searches are offered instead. */
export const MIN_QUERY_LENGTH = 2;

/** Typing must pause this long (ms) before a look-up starts, so one look-up runs per pause, not per key. */
export const DEBOUNCE_MS = 250;
