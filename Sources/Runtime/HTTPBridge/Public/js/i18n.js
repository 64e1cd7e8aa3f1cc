// The page's language: English or Canadian French, the first of the browser's languages that is one of them, or
// the one the page's switch chose (kept in localStorage). Texts are written in English in the code and looked up,
// by that English text, in French dictionaries (words/fr-CA/PART.json), each fetched only when the page is in
// French and its part is opened. A text with no French is shown in English and reported on the console.

const chosenKey = "reckon.language";
const languages = ["en", "fr-CA"];

/** The browser's first language that the page speaks (English or French), else English. */
function preferred() {
  for (const wanted of navigator.languages ?? [navigator.language]) {
    if (/^fr\b/i.test(wanted)) return "fr-CA";
    if (/^en\b/i.test(wanted)) return "en";
  }
  return "en";
}

/** The page's language: `en` or `fr-CA`. */
export const language = languages.includes(localStorage.getItem(chosenKey)) ? localStorage.getItem(chosenKey)
  : preferred();

/** The locale that numbers, money and dates are written in. */
export const locale = language === "en" ? "en-CA" : "fr-CA";

/** Keeps `chosen` as the page's language and shows the page again in it. */
export function choose(chosen) {
  localStorage.setItem(chosenKey, chosen);
  location.reload();
}

/** The page's own texts, and apart from them the server's (a unit named "month" is not the word a form shows). */
const words = new Map();
const serverWords = new Map();
const learnt = new Map();

/** Fetches the French of `part` (`shell`, `calc`, `household`, …; `PART-results` for the server's texts) once, when
 * the page is in French. */
export function learn(part) {
  if (language === "en") return Promise.resolve();
  const into = part.endsWith("-results") ? serverWords : words;
  if (!learnt.has(part)) {
    learnt.set(part, fetch(`/js/words/${language}/${part}.json`).then((response) => response.json())
      .then((dictionary) => { for (const [english, french] of Object.entries(dictionary)) into.set(english, french); }));
  }
  return learnt.get(part);
}

/** `english` in the page's language, its `{name}` places filled from `values`. */
export function t(english, values = {}) {
  let text = english;
  if (language !== "en") {
    if (words.has(english)) text = words.get(english);
    else console.error(`no ${language} text for “${english}”`);
  }
  return text.replace(/\{(\w+)\}/g, (place, name) => (name in values ? String(values[name]) : place));
}

/** Marks `english` as a text the page shows through `t` later (a table of messages): the translation check
 * (tests/python/http/test_translations.py) finds it by this mark. */
export const phrase = (english) => english;

/** A text the server wrote (a tax line, a unit's name) in the page's language when the dictionaries have it, else
 * as it came: the server's data is not the page's own words. */
export const known = (text) => serverWords.get(text) ?? text;
