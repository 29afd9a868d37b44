/** The wire contract: HTTP bodies, WebSocket messages, views and error codes. Depends on zod and engine types. */
export * from "./errors";
export * from "./names";
export * from "./views";
export * from "./clock";
export * from "./events";
export * from "./http";
export * from "./ws";
export * from "./players";
export * from "./lobby";
export * from "./seek";
export * from "./fair-dice";
export * from "./fair-dice-verify";
export * from "./dice-stats";
export * from "./coins";
export * from "./plays";
export * from "./packed-steps";
export * from "./record";
