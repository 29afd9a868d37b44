/** Replays and match files, from the event log: the frames the viewer draws, `.mat` for gnubg, the plain-text form. */
export * from "./replay";
export * from "./mat";
export * from "./text";
