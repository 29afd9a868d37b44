/** Tiny DOM helpers: the page is plain TypeScript and DOM, no framework. */

type Attrs = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
}

/** An HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** A button with a test id; `onClick` runs on click. */
export function button(label: string, testid: string, onClick: () => void, cls = ""): HTMLButtonElement {
  const b = h("button", { type: "button", "data-testid": testid, class: cls || null }, label);
  b.addEventListener("click", onClick);
  return b;
}

/** A drop-down with a test id (also its name); `options` are [value, label] pairs, `value` selected. */
export function select(testid: string, options: ReadonlyArray<readonly [string, string]>, value: string, id = testid): HTMLSelectElement {
  const el = h("select", { "data-testid": testid, name: testid, id: `f-${id}` });
  for (const [v, label] of options) el.append(h("option", { value: v, selected: v === value }, label));
  return el;
}

/** A form row: the label's text beside its control (and an optional hint under it). */
export function field(label: string, control: HTMLElement, hint?: HTMLElement): HTMLLabelElement {
  return h("label", { class: "field" }, h("span", { class: "label" }, label), control, hint ?? null);
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/**
 * A modal question; resolves true on OK, false on Cancel (or Escape). Cancel has the focus, so a stray Enter
 * never resigns or drops; `danger` marks an OK that loses something. Focus stays inside and returns afterwards.
 */
export function confirmDialog(text: string, ok = "OK", cancel = "Cancel", danger = false): Promise<boolean> {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const close = (answer: boolean) => {
      overlay.remove();
      before?.focus({ preventScroll: true });
      resolve(answer);
    };
    const textId = `dialog-text-${Math.random().toString(36).slice(2)}`;
    const cancelButton = button(cancel, "dialog-cancel", () => close(false), "secondary");
    const okButton = button(ok, "dialog-ok", () => close(true), danger ? "danger" : "primary");
    const overlay = h(
      "div",
      { class: "modal", "data-testid": "dialog", role: "alertdialog", "aria-modal": "true", "aria-describedby": textId },
      h("div", { class: "modal-box" }, h("p", { "data-testid": "dialog-text", id: textId }, text), h("div", { class: "row" }, cancelButton, okButton)),
    );
    overlay.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") close(false);
      if (ev.key === "Tab") {
        // Two buttons: Tab and Shift+Tab move between them and never leave the dialog.
        ev.preventDefault();
        (document.activeElement === cancelButton ? okButton : cancelButton).focus();
      }
    });
    document.body.append(overlay);
    cancelButton.focus();
  });
}
