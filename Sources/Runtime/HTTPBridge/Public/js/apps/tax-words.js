// The tax server's texts in French (tax-results.json), and its amounts as the page's locale writes dollars.
import { money, percent } from "../format.js";
import { known, language } from "../i18n.js";

/** An amount of tax the server sends (`"15960.74"`), as the page's locale writes dollars. */
export const dollars = (amount) => money(amount, "CAD");

// The server's texts in French. A text tax-results.json has whole is taken as it is; else the first of `templates`
// that matches it whole gives its shape, each place's part put in French in turn; else its known phrases (a
// credit's name in a formula) are put in French. Amounts ($57,375.00) and rates (14.5%) are then written the
// locale's way.

/** The server's texts with places, as keys of tax-results.json, tried in this order. `{province}` is a province's
 * or territory's name (said "of" in French: `de l'Ontario`); `{rate}` a rate, `{line}` a T1 line and `{year}` a
 * year; `{what}`, `{share}` and `{list}` (items split at "; ") any text; every other place an amount of money. */
const templates = [
  "{province} tax on taxable income", "{province} non-refundable credits", "{province} supplemental credit",
  "{province} surtax", "{province} dividend tax credit", "{province} low-income tax reduction (not modelled)",
  "{province} low-income tax reduction", "{province} foreign tax credit", "{province} LIFT credit",
  "{province} Health Premium", "{province} health premium", "{province} tax reduction", "{province} figures",
  "{province} tax", "Net {province} tax", "Change in {province} tax",
  "Foreign tax above {rate} of foreign income", "line {line}", "{amount} received + {rate} gross-up",
  "foreign tax paid {amount}", "{rate} of basic federal tax", "{rate} of the amount", "{rate} of {amount}",
  "contributed {contributed}, room {room}, capped at the room", "contributed {contributed}, room {room}",
  "room {room}", "lesser of foreign tax {amount} and basic federal tax × foreign share of net income",
  "{rate} × ({income} − {threshold}), at most the OAS received",
  "RRSP contribution exceeds the deduction room of {room} by {excess}; only the room is deducted. "
    + "Over-contributions above $2,000 are taxed 1% a month.",
  "Foreign tax above {rate} of the foreign income is deducted, not credited.",
  "Figures to re-check for {year}: {list}.", "{what} (unverified)", "{what} (partly verified)", "{what} (proposed)",
  "A {amount} RRSP contribution saves {saved} of tax ({share}).",
  "A {amount} deduction saves {saved} of tax ({share}).",
  "Of {amount} of OAS, {clawed} is clawed back in all and the total tax rises by {change}; you keep {kept}.",
  "{amount} of {what} adds {change} of tax; you keep {kept} ({share}).",
  "Credits and reductions lower your {year} tax by {total}.",
].map((english) => ({ english, pattern: shape(english) }));

/** Phrases of the server's formulas (a credit's name, a kind of dividend), as keys of tax-results.json. */
const phrases = ["basic personal amount", "Canada employment amount", "age amount", "pension income amount",
  "CPP base contributions", "QPP base contributions", "EI and QPIP premiums", "EI premiums", "non-eligible",
  "eligible", "each part at least zero",
].map((english) => ({ english, pattern: new RegExp(`(?<![\\w-])${escaped(english)}(?![\\w-])`, "g") }));

/** `text` with the characters a regular expression gives a meaning to escaped. */
function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The regular expression that matches a whole text of `template`'s shape, its places as named groups. */
function shape(template) {
  const place = { province: ".+?", rate: "-?\\d+(?:\\.\\d+)?%", line: "\\d+", year: "\\d+", what: ".*?", share: ".*?",
    list: ".*?" };
  const amount = "-?\\$\\d[\\d,]*(?:\\.\\d+)?";
  return new RegExp(`^${template.split(/(\{\w+\})/).map((part, index) => (index % 2 === 0 ? escaped(part)
    : `(?<${part.slice(1, -1)}>${place[part.slice(1, -1)] ?? amount})`)).join("")}$`);
}

/** A province's or territory's English name as French says "of" it (`de l'Ontario`), or `undefined` for a text
 * that is no such name. */
function ofProvince(name) {
  const english = `of ${name}`;
  const french = known(english);
  return french === english ? undefined : french;
}

/** `text` in the middle of a sentence: a capital that only starts it (`Cotisations`) made small. */
const midSentence = (text) => text.replace(/^\p{Lu}(?=\p{Ll})/u, (letter) => letter.toLowerCase());

/** English amounts (`-$57,375.00`) and rates (`14.5%`) in `text` as the page's locale writes them. */
const figures = (text) => text
  .replace(/(-?)\$(\d[\d,]*(?:\.\d+)?)/g, (_, sign, digits) => dollars(sign + digits.replaceAll(",", "")))
  .replace(/(\d+(?:\.(\d+))?)%/g, (_, number, fraction = "") => percent(Number(number) / 100, fraction.length));

/** The part `value` of place `name` of a template, in the page's language (a list's items joined by " ; ", as French
 * spaces its semicolons). */
function placed(name, value) {
  if (name === "province") return ofProvince(value);
  if (name === "list") return value.split("; ").map((item) => midSentence(server(item))).join(" ; ");
  return server(value);
}

/** A text the server wrote (a breakdown line or its "how", a chart slice, a warning, a topic's answer) in the page's
 * language. */
export function server(text) {
  if (language === "en" || !text) return text;
  const whole = known(text);
  if (whole !== text) return whole;
  for (const { english, pattern } of templates) {
    const match = pattern.exec(text);
    if (!match || (match.groups.province !== undefined && !ofProvince(match.groups.province))) continue;
    return known(english).replace(/\{(\w+)\}/g, (place, name) => placed(name, match.groups[name] ?? ""));
  }
  return figures(phrases.reduce((sofar, { english, pattern }) =>
    sofar.replace(pattern, () => midSentence(known(english))), text));
}
