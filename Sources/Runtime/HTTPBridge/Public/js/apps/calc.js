// The calculator: expressions with history (exact results, an approximation on demand), units, the span between
// two dates in every unit, and loans and compound interest with their schedules as tables and charts.
import { call } from "../api.js";
import { lineChart } from "../chart.js";
import { card, field, folded, form, h, input, select, table } from "../ui.js";

const historyKey = "reckon.calc.history";

/** The calculator's page. */
export function calculator() {
  return [
    h("h1", {}, "Calculator"),
    h("div", { class: "cards" }, expressions(), units(), dates(), loan(), compound()),
  ];
}

function expressions() {
  const history = h("ol", { class: "history", "aria-label": "History, newest first" });
  const saved = JSON.parse(sessionStorage.getItem(historyKey) || "[]");
  const render = () => history.replaceChildren(...saved.map(entry));
  const entry = ({ expression, exact, approx }) => {
    const approximation = h("span", { class: "muted", hidden: true }, ` ≈ ${approx}`);
    const toggle = approx && approx !== exact
      ? h("button", {
        type: "button", class: "quiet", "aria-label": `Approximate ${expression}`,
        onclick: (event) => { approximation.hidden = false; event.currentTarget.remove(); },
      }, "≈")
      : null;
    return h("li", {}, h("span", { class: "muted" }, `${expression} =`), " ",
      h("output", { class: "result" }, exact), approximation, " ", toggle);
  };
  render();
  const line = input("expression", {
    autocomplete: "off", autocapitalize: "off", spellcheck: "false", required: true, placeholder: "1/3 + 2^10",
  });
  const calculate = form([field("Expression", line, "Operators + − × ÷ ^ %, functions sqrt, sin, ln, … and ans")], "=",
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
  return card("Expression", calculate, history);
}

function units() {
  const category = select("category", [], "");
  const from = select("from", [], "");
  const to = select("to", [], "");
  const answer = h("p", { class: "result", "aria-live": "polite" });
  let catalogue = [];
  const fill = () => {
    const listed = catalogue.filter((unit) => unit.category === category.value)
      .map((unit) => [unit.symbol, `${unit.name} (${unit.symbol})`]);
    from.replaceChildren(...listed.map(([value, label]) => h("option", { value }, label)));
    to.replaceChildren(...listed.map(([value, label]) => h("option", { value }, label)));
    if (listed.length > 1) to.selectedIndex = 1;
  };
  category.addEventListener("change", fill);
  call("calc", "units").then((result) => {
    catalogue = result.units;
    category.replaceChildren(...result.categories.map((name) => h("option", { value: name }, name.replace("_", " "))));
    category.value = result.categories.includes("length") ? "length" : result.categories[0];
    fill();
  }).catch((error) => answer.replaceChildren(h("span", { class: "problem" }, error.message)));
  const convert = form([
    h("div", { class: "row" }, field("Category", category), field("Value", input("value", { inputmode: "decimal", value: "1" }))),
    h("div", { class: "row" }, field("From", from), field("To", to)),
  ], "Convert", async (args) => {
    const result = await call("calc", "convert", { value: args.value ?? "", from: args.from, to: args.to });
    answer.textContent = `${args.value} ${result.from.symbol} = ${result.exactForm ?? result.value} ${result.to.symbol}`;
  }, answer);
  return card("Units", convert, answer);
}

function dates() {
  const out = h("div", { "aria-live": "polite" });
  const today = new Date().toISOString().slice(0, 10);
  const span = form([h("div", { class: "row" },
    field("From", input("from", { type: "date", value: today })),
    field("To", input("to", { type: "date" })))], "Difference", async (args) => {
    const result = await call("calc", "dateDiff", { from: args.from ?? "", to: args.to ?? "" });
    const c = result.calendar;
    out.replaceChildren(table("The span in every unit", [["Unit", false], ["Amount", true]], [
      ["Calendar", `${c.years} y ${c.months} m ${c.days} d`],
      ["Years", result.years], ["Months", result.months], ["Weeks", approximately(result.weeks)], ["Days", result.days],
      ["Business days", result.businessDays], ["Hours", result.hours], ["Minutes", result.minutes],
      ["Seconds", result.seconds],
    ]));
  }, out);
  return card("Dates", span, out);
}

function loan() {
  const out = h("div", { "aria-live": "polite" });
  const amortize = form([
    h("div", { class: "row" },
      field("Principal", input("principal", { inputmode: "decimal", value: "250000" })),
      field("Rate, % a year", input("ratePercent", { inputmode: "decimal", value: "5.5" }))),
    h("div", { class: "row" },
      field("Years", input("years", { inputmode: "decimal", value: "25" })),
      field("Payments a year", select("paymentsPerYear", [["12", "Monthly"], ["26", "Every two weeks"], ["52", "Weekly"]], "12"))),
  ], "Amortize", async (args) => {
    const result = await call("calc", "loan", { ...args, paymentsPerYear: Number(args.paymentsPerYear) });
    let interest = 0;
    const cumulative = result.schedule.map((row) => (interest += Number(row.interest)));
    out.replaceChildren(
      h("p", { class: "result" }, `Payment ${result.payment}`),
      h("p", {}, `${result.numberOfPayments} payments, ${result.totalPaid} in all, ${result.totalInterest} of it interest.`,
        h("span", { class: "muted" }, ` Rounding: ${result.rounding}.`)),
      lineChart("Balance and interest paid so far", [
        { label: "Balance", values: result.schedule.map((row) => Number(row.balance)) },
        { label: "Interest paid so far", values: cumulative },
      ], (index) => `payment ${result.schedule[index]?.period ?? ""}`),
      folded(`The schedule: ${result.numberOfPayments} payments`,
        table("Amortization schedule", [["#", true], ["Payment", true], ["Interest", true], ["Principal", true],
          ["Balance", true]], result.schedule.map((row) => [row.period, row.payment, row.interest, row.principal,
          row.balance]))));
  }, out);
  return card("Loan", amortize, out);
}

/** How often interest may compound, as `compoundsPerYear` takes it. */
const compounding = [["365", "Daily"], ["52", "Weekly"], ["12", "Monthly"], ["4", "Quarterly"], ["1", "Yearly"]];

/** A decimal that may be cut (`"4.14285714285714"`) as a reader takes it: whole as it is, else `≈ 4.14`. */
const approximately = (text) => /^-?\d+$/.test(text) ? text : `≈ ${Number(text).toFixed(2)}`;

function compound() {
  const out = h("div", { "aria-live": "polite" });
  const grow = form([
    h("div", { class: "row" },
      field("Principal", input("principal", { inputmode: "decimal", value: "10000" })),
      field("Rate, % a year", input("ratePercent", { inputmode: "decimal", value: "4" }))),
    h("div", { class: "row" },
      field("Years", input("years", { inputmode: "decimal", value: "10" })),
      field("Yearly contribution", input("contribution", { inputmode: "decimal", value: "1200" }))),
    field("Interest compounds", select("compoundsPerYear", compounding, "12")),
  ], "Grow", async (args) => {
    const compoundsPerYear = Number(args.compoundsPerYear);
    const result = await call("calc", "compoundInterest", { ...args, compoundsPerYear, contributionsPerYear: 1 });
    const often = compounding.find(([value]) => Number(value) === compoundsPerYear)[1].toLowerCase();
    let earned = 0;
    const cumulative = result.schedule.map((row) => (earned += Number(row.interest)));
    out.replaceChildren(
      h("p", { class: "result" }, `Final ${result.finalAmount}`),
      h("p", {}, `Contributions ${result.totalContributions}, interest ${result.totalInterest} compounded ${often}, `
        + `effective rate ${result.effectiveAnnualRatePercent} % a year.`),
      lineChart("Balance and interest earned so far", [
        { label: "Balance", values: result.schedule.map((row) => Number(row.balance)) },
        { label: "Interest earned so far", values: cumulative },
      ], (index) => `year ${result.schedule[index]?.year ?? ""}`),
      folded("The schedule, year by year",
        table("Year by year", [["Year", false], ["Contributions", true], ["Interest", true], ["Balance", true]],
          result.schedule.map((row) => [row.year, row.contributions, row.interest, row.balance]))));
  }, out);
  return card("Compound interest", grow, out);
}
