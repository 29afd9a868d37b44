/**
 * Seeded numbers in [0, 1) for tests, benchmarks and tools that need bots to replay exactly (the engine's one
 * seeded generator). The server gives real bots a crypto-based rng instead.
 */
export { seededRandom as seededRng } from "../engine";
