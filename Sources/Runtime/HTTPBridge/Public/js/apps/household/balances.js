// Balances per currency (or, switched, everything in the household's currency) as a chart of each member's net and
// a chart of the nets over time, and settle-up: each suggested transfer with the bills and payments behind it, and a
// button that records it as a payment.
import { lineChart } from "../../chart.js";
import { day, money } from "../../format.js";
import { t } from "../../i18n.js";
import { card, h, wide } from "../../ui.js";
import { ledger } from "./session.js";

/** Whether balances and settle-up show everything in the household's currency (its switch), across refreshes. */
let inHomeCurrency = false;

/** The balances, settle-up and balances-over-time cards of `home`; `changed()` follows a recorded payment, or the
 * switch between each currency apart and all in the household's. */
export async function balances(home, names, changed) {
  const valued = inHomeCurrency ? { in: home.currency } : {};
  const [totals, plan] = await Promise.all([
    ledger("balances", { householdId: home.householdId, ...valued }),
    ledger("settle.suggest", { householdId: home.householdId, ...valued }),
  ]);
  const switcher = inHomeCurrency || totals.currencies.some((currency) => currency !== home.currency)
    ? [h("label", { class: "check" }, h("input", { type: "checkbox", checked: inHomeCurrency, onchange: (event) => {
      inHomeCurrency = event.currentTarget.checked;
      changed();
    } }), ` ${t("Show everything in {currency}", { currency: home.currency })}`)]
    : [];
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
  const transfers = plan.transfers.length === 0 ? [h("p", {}, t("Everyone is square."))]
    : [h("ol", { class: "transfers" }, ...plan.transfers.map((transfer) => {
      const parties = { from: names[transfer.from], to: names[transfer.to],
        amount: money(transfer.amount, transfer.currency) };
      const reasons = transfer.because.map((reason) =>
        `${reasonName(reason)} (${day(reason.date)}, ${money(reason.amount, transfer.currency)})`);
      return h("li", {},
        h("p", {}, h("strong", {}, t("{from} pays {to} {amount}", parties))),
        h("p", { class: "muted" }, t("Because of: {reasons}", { reasons: reasons.join(t("; ")) })),
        h("button", { type: "button", onclick: record(transfer),
          "aria-label": t("Record that {from} paid {to} {amount}", parties) }, t("Record it")));
    }))];
  const overTime = histories.filter((history) => history.dates.length > 1)
    .map((history) => historyChart(history, names));
  return [card(t("Balances"), ...switcher, ...(charts.length ? charts : [h("p", {}, t("Nothing owed yet."))])),
    card(t("Settle up"), ...transfers),
    ...(overTime.length ? [wide(card(t("Balances over time"), ...overTime))] : [])];
}

/** What a transfer's reason is: its bill's description or its payment's note, as they were written, but for the
 * words the server writes for a payment with no note and for a rounding transfer, and the note of a settle-up
 * recorded here (`record` above), which are put in the page's language. */
function reasonName({ kind, description }) {
  if (kind === "rounding") return t("rounding");
  if (kind === "payment" && description === "payment") return t("payment");
  if (kind === "payment" && description === "settle-up") return t("settle-up");
  return description;
}

/** Each member's net in one currency after every day that changed it, as steps; the legend has today's figure. */
function historyChart(history, names) {
  const series = history.members.map((member) => ({
    label: names[member.userId] ?? member.userId,
    values: member.nets.map(Number),
    figure: money(member.nets.at(-1), history.currency),
  }));
  const title = history.from
    ? t("Each member's net in {currency}, from {date} (above 0: owed money)",
      { currency: history.currency, date: day(history.from) })
    : t("Each member's net in {currency}, since the first bill (above 0: owed money)", { currency: history.currency });
  return lineChart(title, series, (index) => day(history.dates[index]), { steps: true });
}

/** Horizontal bars of each member's net in `currency`: owed money to the right, owing to the left. */
function netChart(currency, members, names) {
  const largest = Math.max(0.01, ...members.map((member) => Math.abs(Number(member.net))));
  return h("figure", { class: "bars" }, h("figcaption", {}, t("Balances in {currency}", { currency })),
    h("ul", {}, ...members.map((member) => {
      const net = Number(member.net);
      const width = `${(50 * Math.abs(net) / largest).toFixed(1)}%`;
      const amount = money(member.net.replace("-", ""), currency);
      return h("li", {}, h("span", { class: "name" }, names[member.userId] ?? member.userId),
        h("span", { class: "track", "aria-hidden": "true" }, h("span", {
          class: net < 0 ? "bar owes" : "bar owed",
          style: net < 0 ? `right:50%;width:${width}` : `left:50%;width:${width}`,
        })),
        h("span", { class: "figure" }, [net < 0 ? t("owes {amount}", { amount }) : t("is owed {amount}", { amount }),
          roundingNote(member, currency)].filter(Boolean).join(" ")));
    })));
}

/** What rounding transfers moved in a member's share, when anything (docs/api.md, "Rounding"). */
function roundingNote(member, currency) {
  const moved = Number(member.rounding);
  if (!moved) return "";
  const amount = money(member.rounding.replace("-", ""), currency);
  return moved > 0 ? t("(rounding: charged {amount})", { amount }) : t("(rounding: spared {amount})", { amount });
}
