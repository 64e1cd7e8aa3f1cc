// The calculator: expressions with history (exact results, an approximation on demand), units, the span between
// two dates in every unit, and loans and compound interest with their schedules as tables and charts.
import { call } from "../api.js";
import { lineChart } from "../chart.js";
import { decimal } from "../format.js";
import { known, t } from "../i18n.js";
import { say } from "../messages.js";
import { card, field, folded, form, h, input, select, table } from "../ui.js";

const historyKey = "reckon.calc.history";

/** The calculator's page. */
export function calculator() {
  return [
    h("h1", {}, t("Calculator")),
    h("div", { class: "cards" }, expressions(), units(), dates(), loan(), compound()),
  ];
}

function expressions() {
  const history = h("ol", { class: "history", "aria-label": t("History, newest first") });
  const saved = JSON.parse(sessionStorage.getItem(historyKey) || "[]");
  const render = () => history.replaceChildren(...saved.map(entry));
  const entry = ({ expression, exact, approx }) => {
    const approximation = h("span", { class: "muted", hidden: true }, ` ≈ ${decimal(approx)}`);
    const toggle = approx && approx !== exact
      ? h("button", {
        type: "button", class: "quiet", "aria-label": t("Approximate {expression}", { expression }),
        onclick: (event) => { approximation.hidden = false; event.currentTarget.remove(); },
      }, "≈")
      : null;
    return h("li", {}, h("span", { class: "muted" }, `${expression} =`), " ",
      h("output", { class: "result" }, decimal(exact)), approximation, " ", toggle);
  };
  render();
  const line = input("expression", {
    autocomplete: "off", autocapitalize: "off", spellcheck: "false", required: true, placeholder: "1/3 + 2^10",
  });
  const hint = t("Operators + − × ÷ ^ %, functions sqrt, sin, ln, … and ans");
  const calculate = form([field(t("Expression"), line, hint)], "=",
    async ({ expression }) => {
      const args = { expression: expression ?? "" };
      if (saved[0]) args.ans = saved[0].value;
      const result = await call("calc", "evaluate", args);
      saved.unshift({ expression, exact: result.exactForm ?? result.value, approx: result.approx ?? result.value,
        value: result.value });
      saved.splice(20);
      sessionStorage.setItem(historyKey, JSON.stringify(saved));
      render();
      line.value = "";
      line.focus();
    });
  return card(t("Expression"), calculate, history);
}

/** The locale's decimal point (`.`, `,`). */
const point = decimal("0.5").charAt(1);

/** A number as it was typed or worked out (`5000`, `1.5`), with the locale's decimal point but its digits left
 * ungrouped, as the sentence that converts it reads; anything else (`1/3`) as it is. */
const typed = (text) => (/^[+-]?\d+(\.\d+)?$/.test(text) ? text.replace(".", point) : text);

function units() {
  const category = select("category", [], "");
  const from = select("from", [], "");
  const to = select("to", [], "");
  const answer = h("p", { class: "result", "aria-live": "polite" });
  let catalogue = [];
  const fill = () => {
    const listed = catalogue.filter((unit) => unit.category === category.value)
      .map((unit) => [unit.symbol, t("{name} ({symbol})", { name: known(unit.name), symbol: unit.symbol })]);
    from.replaceChildren(...listed.map(([value, label]) => h("option", { value }, label)));
    to.replaceChildren(...listed.map(([value, label]) => h("option", { value }, label)));
    if (listed.length > 1) to.selectedIndex = 1;
  };
  category.addEventListener("change", fill);
  call("calc", "units").then((result) => {
    catalogue = result.units;
    category.replaceChildren(...result.categories.map((name) =>
      h("option", { value: name }, known(name).replace("_", " "))));
    category.value = result.categories.includes("length") ? "length" : result.categories[0];
    fill();
  }).catch((error) => answer.replaceChildren(h("span", { class: "problem" }, say(error))));
  const convert = form([
    h("div", { class: "row" }, field(t("Category"), category),
      field(t("Value"), input("value", { inputmode: "decimal", value: "1" }))),
    h("div", { class: "row" }, field(t("From"), from), field(t("To"), to)),
  ], t("Convert"), async (args) => {
    const result = await call("calc", "convert", { value: args.value ?? "", from: args.from, to: args.to });
    answer.textContent = t("{value} {from} = {result} {to}", {
      value: typed(args.value), from: result.from.symbol, result: typed(result.exactForm ?? result.value),
      to: result.to.symbol,
    });
  }, answer);
  return card(t("Units"), convert, answer);
}

function dates() {
  const out = h("div", { "aria-live": "polite" });
  const today = new Date().toISOString().slice(0, 10);
  const span = form([h("div", { class: "row" },
    field(t("From"), input("from", { type: "date", value: today })),
    field(t("To"), input("to", { type: "date" })))], t("Difference"), async (args) => {
    const result = await call("calc", "dateDiff", { from: args.from ?? "", to: args.to ?? "" });
    const c = result.calendar;
    out.replaceChildren(table(t("The span in every unit"), [[t("Unit"), false], [t("Amount"), true]], [
      [t("Calendar"), t("{years} y {months} m {days} d", { years: c.years, months: c.months, days: c.days })],
      [t("Years"), decimal(result.years)], [t("Months"), decimal(result.months)],
      [t("Weeks"), approximately(result.weeks)], [t("Days"), decimal(result.days)],
      [t("Business days"), decimal(result.businessDays)], [t("Hours"), decimal(result.hours)],
      [t("Minutes"), decimal(result.minutes)], [t("Seconds"), decimal(result.seconds)],
    ]));
  }, out);
  return card(t("Dates"), span, out);
}

function loan() {
  const out = h("div", { "aria-live": "polite" });
  const frequencies = [["12", t("Monthly")], ["26", t("Every two weeks")], ["52", t("Weekly")]];
  const amortize = form([
    h("div", { class: "row" },
      field(t("Principal"), input("principal", { inputmode: "decimal", value: decimal("250000") })),
      field(t("Rate, % a year"), input("ratePercent", { inputmode: "decimal", value: decimal("5.5") }))),
    h("div", { class: "row" },
      field(t("Years"), input("years", { inputmode: "decimal", value: decimal("25") })),
      field(t("Payments a year"), select("paymentsPerYear", frequencies, "12"))),
  ], t("Amortize"), async (args) => {
    const result = await call("calc", "loan", { ...args, paymentsPerYear: Number(args.paymentsPerYear) });
    let interest = 0;
    const cumulative = result.schedule.map((row) => (interest += Number(row.interest)));
    const count = decimal(result.numberOfPayments);
    out.replaceChildren(
      h("p", { class: "result" }, t("Payment {payment}", { payment: decimal(result.payment) })),
      h("p", {}, t("{count} payments, {paid} in all, {interest} of it interest.", {
        count, paid: decimal(result.totalPaid), interest: decimal(result.totalInterest),
      }), h("span", { class: "muted" }, " ", t("Rounding: {rounding}.", { rounding: known(result.rounding) }))),
      lineChart(t("Balance and interest paid so far"), [
        { label: t("Balance"), values: result.schedule.map((row) => Number(row.balance)) },
        { label: t("Interest paid so far"), values: cumulative },
      ], (index) => t("payment {period}", { period: result.schedule[index]?.period ?? "" })),
      folded(t("The schedule: {count} payments", { count }),
        table(t("Amortization schedule"), [[t("#"), true], [t("Payment"), true], [t("Interest"), true],
          [t("Principal"), true], [t("Balance"), true]], result.schedule.map((row) => [row.period,
          ...[row.payment, row.interest, row.principal, row.balance].map(decimal)]))));
  }, out);
  return card(t("Loan"), amortize, out);
}

/** How often interest may compound, as `compoundsPerYear` takes it, each named in the page's language. */
const compounding = () => [["365", t("Daily")], ["52", t("Weekly")], ["12", t("Monthly")], ["4", t("Quarterly")],
  ["1", t("Yearly")]];

/** A decimal that may be cut (`"4.14285714285714"`) as a reader takes it: whole as it is, else `≈ 4.14`, the
 * locale's way (`≈ 4,14`). */
const approximately = (text) => (/^-?\d+$/.test(text) ? decimal(text) : `≈ ${decimal(Number(text).toFixed(2))}`);

function compound() {
  const out = h("div", { "aria-live": "polite" });
  const periods = compounding();
  const grow = form([
    h("div", { class: "row" },
      field(t("Principal"), input("principal", { inputmode: "decimal", value: decimal("10000") })),
      field(t("Rate, % a year"), input("ratePercent", { inputmode: "decimal", value: decimal("4") }))),
    h("div", { class: "row" },
      field(t("Years"), input("years", { inputmode: "decimal", value: decimal("10") })),
      field(t("Yearly contribution"), input("contribution", { inputmode: "decimal", value: decimal("1200") }))),
    field(t("Interest compounds"), select("compoundsPerYear", periods, "12")),
  ], t("Grow"), async (args) => {
    const compoundsPerYear = Number(args.compoundsPerYear);
    const result = await call("calc", "compoundInterest", { ...args, compoundsPerYear, contributionsPerYear: 1 });
    const often = periods.find(([value]) => Number(value) === compoundsPerYear)[1].toLowerCase();
    let earned = 0;
    const cumulative = result.schedule.map((row) => (earned += Number(row.interest)));
    out.replaceChildren(
      h("p", { class: "result" }, t("Final {amount}", { amount: decimal(result.finalAmount) })),
      h("p", {}, t("Contributions {paid}, interest {earned} compounded {often}, effective rate {rate} % a year.",
        { paid: decimal(result.totalContributions), earned: decimal(result.totalInterest), often,
          rate: decimal(result.effectiveAnnualRatePercent) })),
      lineChart(t("Balance and interest earned so far"), [
        { label: t("Balance"), values: result.schedule.map((row) => Number(row.balance)) },
        { label: t("Interest earned so far"), values: cumulative },
      ], (index) => t("year {year}", { year: result.schedule[index]?.year ?? "" })),
      folded(t("The schedule, year by year"),
        table(t("Year by year"), [[t("Year"), false], [t("Contributions"), true], [t("Interest"), true],
          [t("Balance"), true]], result.schedule.map((row) => [row.year,
          ...[row.contributions, row.interest, row.balance].map(decimal)]))));
  }, out);
  return card(t("Compound interest"), grow, out);
}
