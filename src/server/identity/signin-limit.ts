/**
 * The sign-in limit (wrangler.toml `SIGNIN_LIMITER`: 10 a minute per client address and 10 a minute per name),
 * shared by everything that checks a secret a guesser could try: signing in, a password reset with a recovery
 * code, and the password re-check before a new recovery code. Every attempt counts, before the secret is checked,
 * and the answer over the limit is the same whatever the name. It holds for RATE_LIMIT_EXEMPT addresses too.
 */
import type { Env } from "../env";
import { HttpRefusal } from "../problem";
import { nameKey } from "./names";

export async function limitSignIn(env: Env, request: Request, name: string): Promise<void> {
  const address = request.headers.get("cf-connecting-ip") ?? "local";
  for (const key of [`ip:${address}`, `name:${nameKey(name)}`]) {
    if (!(await env.SIGNIN_LIMITER.limit({ key })).success) throw new HttpRefusal("RATE_LIMITED", "too many sign-in attempts; wait a minute");
  }
}
