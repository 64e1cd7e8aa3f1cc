// The Canadian tax estimator: income, province and year in; Reckon's breakdown with each line's "how", a pie of
// where the income goes, and a search of the tax topics.
import { call } from "../api.js";
import { pieChart } from "../chart.js";
import { card, field, folded, form, h, input, select, table } from "../ui.js";

/** The tax page. */
export function tax() {
  return [h("h1", {}, "Tax"), h("div", { class: "cards" }, estimate(), topics())];
}

function estimate() {
  const out = h("div", { "aria-live": "polite" });
  const province = select("province", [], "");
  const year = select("year", [], "");
  call("calc", "tax.jurisdictions").then((result) => {
    province.replaceChildren(...result.jurisdictions.map((place) => h("option", { value: place.code }, place.name)));
    province.value = "ON";
    year.replaceChildren(...result.years.map((value) => h("option", { value: String(value) }, String(value))));
    year.value = String(result.defaultYear);
  }).catch((error) => out.replaceChildren(h("p", { class: "problem" }, error.message)));
  const employment = input("employment", { inputmode: "decimal", value: "85000", autocomplete: "off" });
  const ask = form([
    field("Employment income", employment, "Dollars and cents, e.g. 85000 or 85000.50"),
    h("div", { class: "row" }, field("Province or territory", province), field("Tax year", year)),
  ], "Estimate", async (args) => {
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
  return card("Estimate", ask, out);
}

function render(result) {
  return [
    h("p", { class: "result" }, `Total tax ${result.total}`),
    h("p", {}, `${result.provinceName} ${result.year}: average rate ${percent(result.averageRate)}, marginal rate `
      + `${percent(result.marginalRate)}.`),
    ...(result.warnings ?? []).map((warning) => h("p", { class: "note" }, warning)),
    pieChart("Where the income goes", result.chart),
    table("Breakdown", [["Line", false], ["How", false], ["Amount", true]],
      result.breakdown.map((line) => [line.label, line.detail, line.amount])),
  ];
}

/** A rate Reckon gives as a fraction ("0.172084"), as a percentage for reading ("17.21 %"). */
const percent = (fraction) => `${(Number(fraction) * 100).toFixed(2)} %`;

function topics() {
  const out = h("div", { "aria-live": "polite" });
  const search = form([field("Search the topics", input("query", { type: "search", placeholder: "RRSP" }))], "Search",
    async ({ query }) => {
      const result = await call("calc", "tax.topics", query ? { query } : {});
      out.replaceChildren(result.topics.length === 0 ? h("p", {}, "No topic matches.") :
        h("dl", {}, ...result.topics.flatMap((topic) => [
          h("dt", {}, h("strong", {}, topic.title), topic.amount ? ` (${topic.amount})` : ""),
          h("dd", {}, h("p", {}, topic.definition), h("p", {}, h("em", {}, "How: "), topic.instruction),
            h("p", { class: "muted" }, h("em", {}, "Tip: "), topic.tip), tryTopic(topic)),
        ])));
    }, out);
  return card("Topics", search, out);
}

/** The topic worked through for an income and province: what the change does to the tax, line by line. */
function tryTopic(topic) {
  const out = h("div", { "aria-live": "polite" });
  const parts = [h("div", { class: "row" },
    field("Employment income", input("employment", { inputmode: "decimal", value: "60000" })),
    topic.amount ? field(`Amount: ${topic.amount}`, input("amount", { inputmode: "decimal", value: "5000" })) : null,
    field("Province", input("province", { value: "ON", autocomplete: "off" }), "two letters"))];
  const work = form(parts, `Work out “${topic.title}”`, async (values) => {
    const args = { topic: topic.id, province: values.province ?? "", income: { employment: values.employment ?? "" } };
    if (values.amount) args.amount = values.amount;
    try {
      const result = await call("calc", "tax.topic", args);
      out.replaceChildren(h("p", { class: "result" }, result.summary),
        table(`${topic.title}: how the tax changes (${result.taxChange})`, [["Line", false], ["How", false], ["Amount", true]],
          result.breakdown.map((line) => [line.label, line.detail, line.amount])));
    } catch (error) {
      if (error.field?.startsWith("income.")) error.field = "employment";
      throw error;
    }
  }, out);
  return folded("Work it out", h("div", {}, work, out));
}
