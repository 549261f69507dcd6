// Words and card names as the table writes them: pure, no page needed (node tests load it).

export const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

// "{who} scored {points}" with the values put in; an unknown key stays as written.
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

// A card code ("TH") as people read it ("10♥").
export function cardText(code) {
  return `${code[0] === "T" ? "10" : code[0]}${SUITS[code[1]]}`;
}

export function isRed(code) {
  return code[1] === "D" || code[1] === "H";
}
