// Payments between members and recurring bills (weekly or monthly, paused, resumed, ended).
import { day, money as amountOf } from "../../format.js";
import { t } from "../../i18n.js";
import { card, field, form, h, input, select, table } from "../../ui.js";
import { ledger } from "./session.js";

/** The payments and recurring-bills cards of `home`, made once: `update()` reads the lists again and leaves the
 * forms alone; `changed()` follows any change made here. */
export function money(home, names, changed) {
  const members = home.members.filter((member) => member.active).map((member) => [member.userId, member.displayName]);
  const act = (op, args) => async () => { await ledger(op, args, { write: true }); changed(); };
  const amount = () => field(t("Amount ({currency})", { currency: home.currency }),
    input("amount", { inputmode: "decimal" }));
  const pay = form([h("div", { class: "row" }, field(t("From"), select("from", members, members[0]?.[0])),
    field(t("To"), select("to", members, members[1]?.[0])), amount())],
  t("Record a payment"), async (values) => {
    await ledger("payments.record", { householdId: home.householdId, ...values, amount: values.amount ?? "" },
      { write: true });
    changed();
  });
  const repeat = form([h("div", { class: "row" },
    field(t("Description"), input("description", { autocomplete: "off" })), amount()),
  h("div", { class: "row" }, field(t("Paid by"), select("paidBy", members, members[0]?.[0])),
    field(t("Every"), select("frequency", [["monthly", t("month")], ["weekly", t("week")]], "monthly")),
    field(t("From"), input("start", { type: "date", value: new Date().toISOString().slice(0, 10) })))],
  t("Repeat this bill"), async (values) => {
    await ledger("recurring.add", { householdId: home.householdId, ...values, description: values.description ?? "",
      amount: values.amount ?? "", split: { kind: "equal" } }, { write: true });
    changed();
  });
  const button = (op, rule, label, named) => h("button", { type: "button", class: "quiet",
    onclick: act(op, { recurringId: rule.recurringId }), "aria-label": named }, label);
  /** A repeating bill's buttons: pause it (or resume it), and end it, as its state allows. */
  const buttons = (rule) => {
    const named = { description: rule.description };
    const toggle = rule.state === "active"
      ? button("recurring.pause", rule, t("Pause"), t("Pause {description}", named))
      : rule.state === "paused" ? button("recurring.resume", rule, t("Resume"), t("Resume {description}", named)) : "";
    return h("span", {}, toggle, " ",
      rule.state !== "ended" ? button("recurring.end", rule, t("End"), t("End {description}", named)) : "");
  };
  const [paid, repeating] = [h("div", {}), h("div", {})];
  const update = async () => {
    const [{ payments }, { rules }] = await Promise.all([
      ledger("payments.list", { householdId: home.householdId, limit: 50 }),
      ledger("recurring.list", { householdId: home.householdId }),
    ]);
    paid.replaceChildren(payments.length === 0 ? h("p", {}, t("No payments yet.")) : table(t("Payments"),
      [[t("Date"), false], [t("From"), false], [t("To"), false], [t("Amount"), true]],
      payments.map((payment) => [day(payment.date), names[payment.from], names[payment.to],
        amountOf(payment.amount, payment.currency)])));
    repeating.replaceChildren(rules.length === 0 ? h("p", {}, t("No repeating bills.")) : table(t("Repeating bills"),
      [[t("Bill"), false], [t("Every"), false], [t("State"), false], [t("Amount"), true], [t("Actions"), false]],
      rules.map((rule) => [rule.description, every(rule), state(rule.state), amountOf(rule.amount, rule.currency),
        buttons(rule)])));
  };
  return { cards: [card(t("Payments"), paid, pay), card(t("Repeating bills"), repeating, repeat)], update };
}

/** How often a repeating bill comes, in the page's language: `monthly`, `2 weekly`; a frequency the page does not
 * know as the server has it. */
function every({ frequency, interval }) {
  if (frequency === "monthly") return interval > 1 ? t("{count} monthly", { count: interval }) : t("monthly");
  if (frequency === "weekly") return interval > 1 ? t("{count} weekly", { count: interval }) : t("weekly");
  return interval > 1 ? `${interval} ${frequency}` : frequency;
}

/** A repeating bill's state (`active`, `paused`, `ended`) in the page's language. */
const state = (code) => ({ active: t("active"), paused: t("paused"), ended: t("ended") })[code] ?? code;
