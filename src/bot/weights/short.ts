/** Placeholder until the first training run exports weights. */
export const SHORT_WEIGHTS = "";
