/** `GET /v1/tables/{id}/record`: a finished match as a file (docs/replays.md). */
import * as z from "zod";

export const RECORD_FORMATS = ["json", "mat", "txt"] as const;
export const RecordFormatSchema = z.enum(RECORD_FORMATS).meta({
  id: "RecordFormat",
  description:
    "`json`: the MatchRecord (the same document as GET /v1/matches/{id}); `mat`: a Jellyfish .mat file for GNU Backgammon " +
    "(short nardi only); `txt`: the plain-text form of docs/replays.md (any variant).",
});
export const RecordQuerySchema = z.object({ format: RecordFormatSchema.default("json") });
export type RecordFormat = z.infer<typeof RecordFormatSchema>;

/** The media type and file name extension of each format. */
export const RECORD_MEDIA: Record<RecordFormat, { type: string; extension: string }> = {
  json: { type: "application/json", extension: "json" },
  mat: { type: "text/plain; charset=utf-8", extension: "mat" },
  txt: { type: "text/plain; charset=utf-8", extension: "txt" },
};
