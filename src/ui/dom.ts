/** The page's elements (index.html) by id, and text written only when it changed. */

/** The element with this id; a page without it is a broken build, so this throws. */
export function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

/** Sets the text unless it is already that (ten status updates a second need no relayout when nothing changed). */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
