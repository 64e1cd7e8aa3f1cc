// Payments between members and recurring bills (weekly or monthly, paused, resumed, ended).
import { card, field, form, h, input, select, table } from "../../ui.js";
import { ledger } from "./session.js";

/** The payments and recurring-bills cards of `home`, made once: `update()` reads the lists again and leaves the
 * forms alone; `changed()` follows any change made here. */
export function money(home, names, changed) {
  const members = home.members.filter((member) => member.active).map((member) => [member.userId, member.displayName]);
  const act = (op, args) => async () => { await ledger(op, args, { write: true }); changed(); };
  const pay = form([h("div", { class: "row" }, field("From", select("from", members, members[0]?.[0])),
    field("To", select("to", members, members[1]?.[0])), field(`Amount (${home.currency})`, input("amount", { inputmode: "decimal" })))],
  "Record a payment", async (values) => {
    await ledger("payments.record", { householdId: home.householdId, ...values, amount: values.amount ?? "" }, { write: true });
    changed();
  });
  const repeat = form([h("div", { class: "row" }, field("Description", input("description", { autocomplete: "off" })),
    field(`Amount (${home.currency})`, input("amount", { inputmode: "decimal" }))),
  h("div", { class: "row" }, field("Paid by", select("paidBy", members, members[0]?.[0])),
    field("Every", select("frequency", [["monthly", "month"], ["weekly", "week"]], "monthly")),
    field("From", input("start", { type: "date", value: new Date().toISOString().slice(0, 10) })))],
  "Repeat this bill", async (values) => {
    await ledger("recurring.add", { householdId: home.householdId, ...values, description: values.description ?? "",
      amount: values.amount ?? "", split: { kind: "equal" } }, { write: true });
    changed();
  });
  const states = { active: ["recurring.pause", "Pause"], paused: ["recurring.resume", "Resume"] };
  const button = (op, label, rule) => h("button", { type: "button", class: "quiet",
    onclick: act(op, { recurringId: rule.recurringId }), "aria-label": `${label} ${rule.description}` }, label);
  const [paid, repeating] = [h("div", {}), h("div", {})];
  const update = async () => {
    const [{ payments }, { rules }] = await Promise.all([
      ledger("payments.list", { householdId: home.householdId, limit: 50 }),
      ledger("recurring.list", { householdId: home.householdId }),
    ]);
    paid.replaceChildren(payments.length === 0 ? h("p", {}, "No payments yet.") : table("Payments",
      [["Date", false], ["From", false], ["To", false], ["Amount", true]],
      payments.map((payment) => [payment.date, names[payment.from], names[payment.to], `${payment.amount} ${payment.currency}`])));
    repeating.replaceChildren(rules.length === 0 ? h("p", {}, "No repeating bills.") : table("Repeating bills",
      [["Bill", false], ["Every", false], ["State", false], ["Amount", true], ["Actions", false]],
      rules.map((rule) => [rule.description, `${rule.interval > 1 ? `${rule.interval} ` : ""}${rule.frequency}`, rule.state,
        `${rule.amount} ${rule.currency}`, h("span", {},
          states[rule.state] ? button(states[rule.state][0], states[rule.state][1], rule) : "", " ",
          rule.state !== "ended" ? button("recurring.end", "End", rule) : "")])));
  };
  return { cards: [card("Payments", paid, pay), card("Repeating bills", repeating, repeat)], update };
}
