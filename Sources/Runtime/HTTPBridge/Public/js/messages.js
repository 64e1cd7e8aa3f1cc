// The API's errors in words a user reads, in one place. In English, every argument name in a message
// (`ratePercent`, `income.employment`) becomes the label of the form's field for it, and the API's phrasings a user
// would stumble on are put plainly. In French, the page says what it knows a refusal means, by the API's message
// where it knows it and else by its `code`, naming the refused field by its label. The API's own texts stay English
// (docs/http.md); only what the page shows changes.
import { language, phrase, t } from "./i18n.js";

/** The API's phrasings, and what the page says instead, in English. */
const phrasings = [
  [/ must be a plain decimal number.*$/, " must be a number, such as 85000 or 85,000.50"],
  [/ is required$/, " is needed"],
  [/^give (.+)$/, "Give $1"],
];

/** Refusals the page knows by the API's message: the pattern, and the page's text for it (`{label}` the refused
 * field's label, `{1}` the pattern's first group). */
const known = [
  [/decimal number/, phrase("{label}: give a number, such as 85000 or 85,000.50.")],
  [/ is required$/, phrase("{label} is needed.")],
  [/^a username has /, phrase("A username has 3 to 32 characters: letters a to z, digits, dots, dashes and underscores.")],
  [/^a password has /, phrase("A password has 8 to 256 characters.")],
  [/^a display name has /, phrase("A display name has 1 to 64 characters.")],
  [/^a household name has /, phrase("A household name has 1 to 100 characters.")],
  [/^the username or password is not right/, phrase("The username or the password is not right.")],
  [/^the username .* is taken/, phrase("This username is taken: choose another.")],
  [/^the old password is not right/, phrase("The current password is not right.")],
  [/^the session .*sign in again/, phrase("Your session has ended: sign in again.")],
  [/^too many failed sign-ins.* in (\d+) s/, phrase("Too many failed sign-ins from here: try again in {1} s.")],
  [/^this device is offline/i, phrase("This device is offline.")],
];

/** What the page says for a refusal it does not know by its message, by the API's code. */
const byCode = {
  invalid_argument: phrase("{label} is not accepted: check it."),
  not_found: phrase("{label}: nothing has this name."),
  failed_precondition: phrase("This cannot be done now."),
  conflict: phrase("Someone changed this meanwhile: look again and retry."),
  unauthenticated: phrase("Sign in first."),
  permission_denied: phrase("You may not do this."),
  resource_exhausted: phrase("Too many requests: try again in a moment."),
  unavailable: phrase("Reckon cannot be reached just now. Try again in a moment."),
  deadline_exceeded: phrase("Reckon took too long to answer. Try again."),
};

/** A field that is left empty but needed, as the page says it. */
export const missing = (label) => t("{label} is needed.", { label });

/** A pattern for argument `name`, alone or at the end of a dotted path (`income.employment`). */
function argument(name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(?<![\\w.])(?:[A-Za-z_]\\w*\\.)*${escaped}(?![\\w.])`;
}

/** `message` in the form's English words: the refused `field` where the message starts with it, and every other
 * argument name of `labels` that reads as one (`ratePercent`, `length_m`: a capital, a digit or an underscore in
 * it; a plain word such as "to" stays a word), become their labels; the API's phrasings are put plainly, with a
 * capital and a full stop. */
function plainly(message, labels, field) {
  let text = message ?? "";
  if (field && labels[field]) text = text.replace(new RegExp(`^${argument(field)}`), labels[field]);
  for (const name of Object.keys(labels).sort((a, b) => b.length - a.length)) {
    if (/[A-Z0-9_.]/.test(name)) text = text.replace(new RegExp(argument(name), "g"), labels[name]);
  }
  for (const [pattern, plain] of phrasings) text = text.replace(pattern, plain);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A refusal (`{code, message, field}`) in the page's words, `labels` naming the form's fields (argument name →
 * label): plainly in English, and in French by what the page knows of it. */
export function say(error, labels = {}) {
  if (language === "en") return plainly(error.message, labels, error.field);
  const label = labels[error.field] ?? error.field ?? t("This");
  for (const [pattern, text] of known) {
    const match = pattern.exec(error.message ?? "");
    if (match) return t(text, { label, 1: match[1] });
  }
  return t(byCode[error.code] ?? phrase("Something went wrong: try again."), { label });
}
