/** Quick match: the pool Durable Object, the seeker registry, and the seeker hand-over from the Worker. */
export { QuickPool, SEEKER_HEADER, type Seeker } from "./pool";
export { SeekRegistry } from "./registry";
export { PoolCounts, type PoolWaiting } from "./counts";
