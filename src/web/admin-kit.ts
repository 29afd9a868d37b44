/** What the staff pages' modules share: the section's context, a titled panel, and moments in words. */
import type { NardiClient } from "../client";
import { h } from "./dom";
import { language } from "./i18n";

/** What every section gets: the visitor's client, whether it is still shown, and where to show a failure. */
export interface AdminContext {
  api: NardiClient;
  /** False once the visitor has left the section: late answers are dropped. */
  live(): boolean;
  /** A refusal or failure as a sentence (src/web/errors.ts), never a raw dump. */
  fail(el: HTMLElement, err: unknown): void;
}

/** A moment as the staff member reads it, in the page's language. */
export function when(at: number): string {
  return new Date(at).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
}

/** A titled block inside a section. */
export function panel(title: string, testid: string, ...children: Array<HTMLElement | null>): HTMLElement {
  return h("div", { class: "admin-panel", "data-testid": testid }, h("h2", {}, title), ...children);
}
