/** Placeholder until the first training run exports weights. */
export const LONG_WEIGHTS = "";
