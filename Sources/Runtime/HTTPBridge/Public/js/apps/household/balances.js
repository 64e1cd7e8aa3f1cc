// Balances per currency as a chart of each member's net and a chart of the nets over time, and settle-up: each
// suggested transfer with the bills and payments behind it, and a button that records it as a payment.
import { lineChart } from "../../chart.js";
import { card, day, h, wide } from "../../ui.js";
import { ledger } from "./session.js";

/** The balances, settle-up and balances-over-time cards of `home`; `changed()` follows a recorded payment. */
export async function balances(home, names, changed) {
  const [totals, plan] = await Promise.all([
    ledger("balances", { householdId: home.householdId }),
    ledger("settle.suggest", { householdId: home.householdId }),
  ]);
  const histories = await Promise.all(totals.currencies.map((currency) =>
    ledger("balances.history", { householdId: home.householdId, currency })));
  const charts = totals.currencies.map((currency) =>
    netChart(currency, totals.members.filter((member) => member.currency === currency), names));
  const record = (transfer) => async (event) => {
    event.currentTarget.disabled = true;
    await ledger("payments.record", { householdId: home.householdId, from: transfer.from, to: transfer.to,
      amount: transfer.amount, currency: transfer.currency, note: "settle-up" }, { write: true });
    changed();
  };
  const transfers = plan.transfers.length === 0 ? [h("p", {}, "Everyone is square.")]
    : [h("ol", { class: "transfers" }, ...plan.transfers.map((transfer) => h("li", {},
      h("p", {}, h("strong", {}, `${names[transfer.from]} pays ${names[transfer.to]} ${transfer.amount} ${transfer.currency}`)),
      h("p", { class: "muted" }, "Because of: ", transfer.because.map((reason) =>
        `${reason.description} (${reason.date}, ${reason.amount})`).join("; ")),
      h("button", { type: "button", onclick: record(transfer),
        "aria-label": `Record that ${names[transfer.from]} paid ${names[transfer.to]} ${transfer.amount}` }, "Record it"))))];
  const overTime = histories.filter((history) => history.dates.length > 1).map((history) => historyChart(history, names));
  return [card("Balances", ...(charts.length ? charts : [h("p", {}, "Nothing owed yet.")])), card("Settle up", ...transfers),
    ...(overTime.length ? [wide(card("Balances over time", ...overTime))] : [])];
}

/** Each member's net in one currency after every day that changed it, as steps; the legend has today's figure. */
function historyChart(history, names) {
  const series = history.members.map((member) => ({
    label: names[member.userId] ?? member.userId,
    values: member.nets.map(Number),
    figure: `${member.nets.at(-1)} ${history.currency}`,
  }));
  const first = history.from ? `from ${day(history.from)}` : "since the first bill";
  return lineChart(`Each member's net in ${history.currency}, ${first} (above 0: owed money)`, series,
    (index) => day(history.dates[index]), { steps: true });
}

/** Horizontal bars of each member's net in `currency`: owed money to the right, owing to the left. */
function netChart(currency, members, names) {
  const largest = Math.max(0.01, ...members.map((member) => Math.abs(Number(member.net))));
  return h("figure", { class: "bars" }, h("figcaption", {}, `Balances in ${currency}`),
    h("ul", {}, ...members.map((member) => {
      const net = Number(member.net);
      const width = `${(50 * Math.abs(net) / largest).toFixed(1)}%`;
      return h("li", {}, h("span", { class: "name" }, names[member.userId] ?? member.userId),
        h("span", { class: "track", "aria-hidden": "true" }, h("span", {
          class: net < 0 ? "bar owes" : "bar owed", style: net < 0 ? `right:50%;width:${width}` : `left:50%;width:${width}`,
        })),
        h("span", { class: "figure" }, `${net < 0 ? "owes" : "is owed"} ${member.net.replace("-", "")} ${currency}`
          + roundingNote(member)));
    })));
}

/** What rounding transfers moved in a member's share, when anything (docs/api.md, "Rounding"). */
function roundingNote(member) {
  const moved = Number(member.rounding);
  if (!moved) return "";
  return ` (rounding: ${moved > 0 ? "charged" : "spared"} ${member.rounding.replace("-", "")})`;
}
