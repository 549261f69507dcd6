// Options that only mean something under another: muggins is played only when you count
// your own hand, so its box is off and greyed until "Count my own hand" is ticked (and
// unticked with it), never sent alone and silently dropped. Without the script the
// server refuses muggins alone with the reason.
import { $ } from "./dom.js";

const NESTED = [
  ["count-own", "muggins"],
  ["friend-count-own", "friend-muggins"],
];

function follow(parent, child) {
  child.disabled = !parent.checked;
  if (child.disabled) child.checked = false;
  child.closest("label")?.classList.toggle("unavailable", child.disabled);
}

export function wireNestedOptions() {
  for (const [parentId, childId] of NESTED) {
    const parent = $(parentId);
    const child = $(childId);
    if (!parent || !child) continue;
    follow(parent, child);
    parent.addEventListener("change", () => follow(parent, child));
  }
}
