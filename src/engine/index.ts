/** The rules engine's public surface. Pure TypeScript: runs unchanged in Node, browsers and workerd. */
export * from "./types";
export * from "./position";
export * from "./notation";
export * from "./legal";
export * from "./play";
export * from "./result";
export * from "./rulesets";
export * from "./dice";
export * from "./match";
export * from "./position-string";
export * from "./gnubg";
export * from "./pace";
export * from "./clock";
export * from "./facts";
export * from "./commands";
