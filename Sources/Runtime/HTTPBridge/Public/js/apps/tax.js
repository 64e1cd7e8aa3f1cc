// The Canadian tax estimator: income, province and year in; Reckon's breakdown with each line's "how", a pie of
// where the income goes, and a search of the tax topics. The server writes its texts (lines, warnings, topics) in
// English; in French they are put in French by tax-words.js.
import { call } from "../api.js";
import { pieChart } from "../chart.js";
import { decimal, percent } from "../format.js";
import { known, language, t } from "../i18n.js";
import { say } from "../messages.js";
import { dollars, server } from "./tax-words.js";
import { card, field, folded, form, h, input, select, table } from "../ui.js";

/** The tax page. */
export function tax() {
  return [h("h1", {}, t("Tax")), h("div", { class: "cards" }, estimate(), topics())];
}

function estimate() {
  const out = h("div", { "aria-live": "polite" });
  const province = select("province", [], "");
  const year = select("year", [], "");
  call("calc", "tax.jurisdictions").then((result) => {
    province.replaceChildren(...result.jurisdictions.map((place) =>
      h("option", { value: place.code }, known(place.name))));
    province.value = "ON";
    year.replaceChildren(...result.years.map((value) => h("option", { value: String(value) }, String(value))));
    year.value = String(result.defaultYear);
  }).catch((error) => out.replaceChildren(h("p", { class: "problem" }, say(error))));
  const employment = input("employment", { inputmode: "decimal", value: decimal("85000"), autocomplete: "off" });
  const ask = form([
    field(t("Employment income"), employment, t("Dollars and cents, e.g. 85000 or 85000.50")),
    h("div", { class: "row" }, field(t("Province or territory"), province), field(t("Tax year"), year)),
  ], t("Estimate"), async (args) => {
    try {
      const result = await call("calc", "tax.estimate", {
        income: { employment: args.employment ?? "" }, province: args.province, year: Number(args.year),
      });
      out.replaceChildren(...render(result));
    } catch (error) {
      // The income travels nested: its field is the form's "employment".
      if (error.field?.startsWith("income.")) error.field = "employment";
      throw error;
    }
  }, out);
  return card(t("Estimate"), ask, out);
}

function render(result) {
  return [
    h("p", { class: "result" }, t("Total tax {total}", { total: dollars(result.total) })),
    h("p", {}, t("{province} {year}: average rate {average}, marginal rate {marginal}.", {
      province: known(result.provinceName), year: result.year, average: percent(result.averageRate),
      marginal: percent(result.marginalRate),
    })),
    ...(result.warnings ?? []).map((warning) => h("p", { class: "note" }, server(warning))),
    pieChart(t("Where the income goes"), result.chart.map((slice) => ({ ...slice, label: server(slice.label) })),
      dollars),
    breakdown(t("Breakdown"), result.breakdown),
  ];
}

/** A table of the server's breakdown `lines` (`{label, detail, amount}`), in the page's language. */
const breakdown = (caption, lines) => table(caption, [[t("Line"), false], [t("How"), false], [t("Amount"), true]],
  lines.map((line) => [server(line.label), server(line.detail), dollars(line.amount)]));

function topics() {
  const out = h("div", { "aria-live": "polite" });
  const search = form([field(t("Search the topics"), input("query", { type: "search", placeholder: t("RRSP") }))],
    t("Search"), async ({ query }) => {
      const found = await matching(query);
      out.replaceChildren(found.length === 0 ? h("p", {}, t("No topic matches.")) :
        h("dl", {}, ...found.flatMap((topic) => [
          h("dt", {}, h("strong", {}, known(topic.title)), topic.amount ? ` (${known(topic.amount)})` : ""),
          h("dd", {}, h("p", {}, known(topic.definition)),
            h("p", {}, h("em", {}, t("How:")), " ", known(topic.instruction)),
            h("p", { class: "muted" }, h("em", {}, t("Tip:")), " ", known(topic.tip)), tryTopic(topic)),
        ])));
    }, out);
  return card(t("Topics"), search, out);
}

/** `text` lowercased and without its accents, for a search. */
const bare = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The topics that match `query`. The server searches its English texts; in French, every topic is asked for and
 * kept when its texts, in French or in English, have each of the query's words (case and accents aside). */
async function matching(query) {
  if (language === "en" || !query) return (await call("calc", "tax.topics", query ? { query } : {})).topics;
  const words = bare(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const { topics: all } = await call("calc", "tax.topics", {});
  return all.filter((topic) => {
    const texts = [topic.id, topic.title, topic.definition, topic.instruction, topic.tip];
    const text = bare(texts.flatMap((english) => [english, known(english)]).join(" "));
    return words.every((word) => text.includes(word));
  });
}

/** The topic worked through for an income and province: what the change does to the tax, line by line. */
function tryTopic(topic) {
  const out = h("div", { "aria-live": "polite" });
  const title = known(topic.title);
  const parts = [h("div", { class: "row" },
    field(t("Employment income"), input("employment", { inputmode: "decimal", value: decimal("60000") })),
    topic.amount ? field(t("Amount: {meaning}", { meaning: known(topic.amount) }),
      input("amount", { inputmode: "decimal", value: decimal("5000") })) : null,
    field(t("Province"), input("province", { value: "ON", autocomplete: "off" }), t("two letters")))];
  const work = form(parts, t("Work out “{title}”", { title }), async (values) => {
    const args = { topic: topic.id, province: values.province ?? "", income: { employment: values.employment ?? "" } };
    if (values.amount) args.amount = values.amount;
    try {
      const result = await call("calc", "tax.topic", args);
      out.replaceChildren(h("p", { class: "result" }, server(result.summary)),
        breakdown(t("{title}: how the tax changes ({change})", { title, change: dollars(result.taxChange) }),
          result.breakdown));
    } catch (error) {
      if (error.field?.startsWith("income.")) error.field = "employment";
      throw error;
    }
  }, out);
  return folded(t("Work it out"), h("div", {}, work, out));
}
