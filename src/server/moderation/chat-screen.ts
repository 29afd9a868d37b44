/**
 * What the site says about a seat's chat line before the table stores it (docs/safety.md): the site switch first
 * (at level 2 and up a guest's seat, or one taken without a session, may not chat: SITE_RESTRICTED), then the word
 * filter (CHAT_FILTERED). Both read D1 in one round trip and nothing else: the match object never writes here.
 * When D1 cannot be read, chat goes on as matches do (they never need D1 per move): the last lists this isolate
 * compiled (else the maintained lists) and no switch.
 */
import { chatContext } from "../db/site";
import { chatFilter, lastFilter } from "./chat-filter";
import { isGuestSeat, parseSwitch, refusalOf } from "./site-switch";

export interface ChatScreenRefusal {
  code: "SITE_RESTRICTED" | "CHAT_FILTERED";
  message: string;
}

/** Reads what the checks need for this seat's player (null: no session), and answers for any line of theirs. */
export async function chatScreen(d1: D1Database, playerId: string | null): Promise<(text: string) => ChatScreenRefusal | null> {
  let restricted: ReturnType<typeof refusalOf> = null;
  let filter = lastFilter();
  try {
    const context = await chatContext(d1, playerId);
    restricted = refusalOf(parseSwitch(context.defcon), isGuestSeat(context.kind) ? "guest-chat" : null);
    filter = await chatFilter(d1, context.filterVersion);
  } catch (error) {
    console.error("chat checks could not read D1; the last known filter applies", error);
  }
  return (text) => {
    if (restricted) return { code: "SITE_RESTRICTED", message: restricted.message };
    const caught = filter.check(text);
    return caught ? { code: "CHAT_FILTERED", message: `the site's chat filter refuses "${caught.written}"; the line was not sent` } : null;
  };
}
