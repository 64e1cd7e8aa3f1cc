// Which of a text's two forms, singular or plural, a count takes in the page's language: in English only 1 takes
// the singular; in French 0 and 1 do.
import { locale } from "../../i18n.js";

const rules = new Intl.PluralRules(locale);

/** Whether `count` takes a text's singular form in the page's language. */
export const one = (count) => rules.select(count) === "one";
