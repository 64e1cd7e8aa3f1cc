// The API's errors in words a user reads, in one place: every argument name in a message (`ratePercent`,
// `income.employment`) becomes the label of the form's field for it, and the API's phrasings a user would stumble
// on are put plainly. The API's own texts stay as they are (docs/http.md); only what the page shows changes.

/** The API's phrasings, and what the page says instead. */
const phrasings = [
  [/ must be a plain decimal number.*$/, " must be a number, such as 85000 or 85,000.50"],
  [/ is required$/, " is needed"],
  [/^give (.+)$/, "Give $1"],
];

/** A field that is left empty but needed, as the page says it. */
export const missing = (label) => `${label} is needed.`;

/** A pattern for argument `name`, alone or at the end of a dotted path (`income.employment`). */
function argument(name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(?<![\\w.])(?:[A-Za-z_]\\w*\\.)*${escaped}(?![\\w.])`;
}

/** `message` in the form's words: the refused `field` where the message starts with it, and every other argument
 * name of `labels` (argument name → label) that reads as one (`ratePercent`, `length_m`: a capital, a digit or an
 * underscore in it; a plain word such as "to" stays a word), become their labels; the API's phrasings are put
 * plainly, with a capital and a full stop. */
export function say(message, labels, field) {
  let text = message ?? "";
  if (field && labels[field]) text = text.replace(new RegExp(`^${argument(field)}`), labels[field]);
  for (const name of Object.keys(labels).sort((a, b) => b.length - a.length)) {
    if (/[A-Z0-9_.]/.test(name)) text = text.replace(new RegExp(argument(name), "g"), labels[name]);
  }
  for (const [pattern, plain] of phrasings) text = text.replace(pattern, plain);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
