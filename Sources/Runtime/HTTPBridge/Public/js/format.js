// Numbers, money and dates as the page's locale writes them (`85,000.00`, `85 000,00 $`), and numbers as a user of
// that locale types them, as the API takes them. Reckon's amounts are exact decimal strings: they are regrouped
// digit for digit, never passed through a floating-point number.
import { locale } from "./i18n.js";

const sample = new Intl.NumberFormat(locale).formatToParts(-12345.6);
const group = sample.find((part) => part.type === "group").value;
const point = sample.find((part) => part.type === "decimal").value;

/** An exact decimal string (`"-85000.5"`) written the locale's way (`-85,000.5`, `-85 000,5`); anything else (an
 * expression's exact form, `1/3`) as it is. */
export function decimal(text) {
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(String(text));
  if (!match) return String(text);
  const [, sign, whole, fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign === "-" ? "-" : ""}${grouped}${fraction === undefined ? "" : point + fraction}`;
}

/** An exact amount (`"85000.00"`) in `currency` as the locale writes money: `$85,000.00`, `85 000,00 $`, `€12.50`. */
export function money(text, currency) {
  const match = /^([+-]?)(\d+(?:\.\d+)?)$/.exec(String(text));
  if (!match || !currency) return decimal(text);
  let parts;
  try {
    parts = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(match[1] === "-" ? -1 : 1);
  } catch {
    return `${decimal(text)} ${currency}`;
  }
  let number = "";
  let placed = false;
  for (const part of parts) {
    if (["integer", "group", "decimal", "fraction"].includes(part.type)) {
      if (!placed) number += decimal(match[2]);
      placed = true;
    } else {
      number += part.value;
    }
  }
  return number;
}

/** A fraction (`"0.172084"`) as a percentage to `places` places, for reading (`17.21%`, `17,21 %`). */
export const percent = (fraction, places = 2) =>
  new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: places, maximumFractionDigits: places })
    .format(Number(fraction));

/** A number for reading (an axis's end): rounded, as the locale writes it. */
export const rounded = (value) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** An ISO 8601 instant in this browser's time zone, as the locale writes a date and time. */
export const when = (iso) => new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });

/** An ISO 8601 instant's time of day, as the locale writes it. */
export const time = (iso) => new Date(iso).toLocaleTimeString(locale, { timeStyle: "short" });

/** A calendar day (`2026-01-05`) as the locale writes it. */
export const day = (date) => new Date(`${date}T00:00:00`).toLocaleDateString(locale, { dateStyle: "medium" });

/** A month (a Date in it, UTC) as the locale writes it: `January 2026`, `janvier 2026`. */
export const month = (date) => date.toLocaleDateString(locale, { month: "long", year: "numeric", timeZone: "UTC" });

/** Digits grouped in threes, with an optional decimal part, as a user of each locale writes them: `85,000.50` and
 * `85 000.50` in English; `85 000,50` in French (a comma is the decimal point there, and a point is taken too). */
const grouped = {
  "en-CA": /^[+-]?\d{1,3}([,\u0020\u00a0\u202f]\d{3})+(\.\d+)?$/,
  "fr-CA": /^[+-]?\d{1,3}([\u0020\u00a0\u202f]\d{3})*([,.]\d+)?$/,
};

/** A number as a user writes it, as the API takes it: `85,000` or `85 000` (and `85 000,50` in French) become
 * `85000` and `85000.50`. Anything else is left as typed, for the API to accept or refuse. */
export function plainNumber(text) {
  if (!grouped[locale].test(text)) return text;
  const digits = text.replace(locale === "en-CA" ? /[,\u0020\u00a0\u202f]/g : /[\u0020\u00a0\u202f]/g, "");
  return locale === "en-CA" ? digits : digits.replace(",", ".");
}
