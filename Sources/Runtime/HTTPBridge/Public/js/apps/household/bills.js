// Bills: the add form with every split kind (equal among some, exact amounts, shares, percentages, itemized lines),
// one or several payers and any currency (with the payer's rate or converted amount, else the day's reference rate),
// and the list of recent bills, each in its currency and, when another, what it was worth in the household's.
import { day, money } from "../../format.js";
import { t } from "../../i18n.js";
import { card, field, form, h, input, select, table, wide } from "../../ui.js";
import { ledger } from "./session.js";

/** The split kinds, each with its name in the page's language. */
const kinds = () => [["equal", t("Equally")], ["exact", t("Exact amounts")], ["shares", t("By shares")],
  ["percent", t("By percentages")], ["itemized", t("Itemized")]];

/** The add-bill card for `home` (household.get's result); `added()` follows a bill added. */
export function addBill(home, added) {
  const members = home.members.filter((member) => member.active);
  const perMember = (prefix, hint) => h("div", { class: "row" }, ...members.map((member) =>
    field(`${member.displayName}`, input(`${prefix}.${member.userId}`, { inputmode: "decimal" }), hint)));
  const among = h("fieldset", {}, h("legend", {}, t("Shared by")), ...members.map((member) =>
    h("label", { class: "check" },
      input(`among.${member.userId}`, { type: "checkbox", checked: true, value: "yes" }), ` ${member.displayName}`)));
  const sections = {
    equal: among, exact: perMember("amounts", t("amount")), shares: perMember("shares", t("shares, e.g. 2")),
    percent: perMember("percents", "%"), itemized: itemLines(members),
  };
  const kind = select("kind", kinds(), "equal");
  const detail = h("div", {}, sections.equal);
  kind.addEventListener("change", () => detail.replaceChildren(sections[kind.value]));
  const payer = select("paidBy", [...members.map((member) => [member.userId, member.displayName]),
    ["several", t("Several people")]], members[0]?.userId);
  const payers = h("div", { hidden: true }, perMember("payers", t("paid")));
  payer.addEventListener("change", () => { payers.hidden = payer.value !== "several"; });
  const currency = input("currency", { value: home.currency, maxlength: 3, autocomplete: "off",
    autocapitalize: "characters", pattern: "[A-Za-z]{3}", size: 4 });
  const valued = h("div", { hidden: true }, h("div", { class: "row" },
    field(t("Rate to {currency}", { currency: home.currency }), input("rate", { inputmode: "decimal" }),
      t("optional: the day's reference rate otherwise")),
    field(t("Or the amount in {currency}", { currency: home.currency }),
      input("convertedAmount", { inputmode: "decimal" }), t("optional"))));
  currency.addEventListener("input", () => { valued.hidden = foreign(currency.value, home) === null; });
  const bill = form([
    h("div", { class: "row" }, field(t("Description"), input("description", { autocomplete: "off" })),
      field(t("Amount"), input("amount", { inputmode: "decimal", autocomplete: "off" })),
      field(t("Currency"), currency)), valued,
    h("div", { class: "row" }, field(t("Paid by"), payer), field(t("Split"), kind),
      field(t("Date"), input("date", { type: "date", value: localToday(), required: true }))), payers, detail,
  ], t("Add the bill"), async (values) => {
    await ledger("bills.add", billArgs(home, values, members), { write: true });
    for (const name of ["description", "amount", "rate", "convertedAmount"]) bill.elements.namedItem(name).value = "";
    added();
  });
  return card(t("Add a bill"), bill);
}

/** `text` as a currency code when it names one other than the household's, else null. */
const foreign = (text, home) => {
  const code = (text ?? "").trim().toUpperCase();
  return code && code !== home.currency ? code : null;
};

/** Today in this browser's time zone, as a date input takes it (`2026-11-29`). */
const localToday = () => {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
};

/** The itemized split's three lines: each item's description, amount, and whom it is for. */
function itemLines(members) {
  const whom = [["", t("Everyone")], ...members.map((member) => [member.userId, member.displayName])];
  return h("div", {}, ...[1, 2, 3].map((line) => h("div", { class: "row" },
    field(t("Item {number}", { number: line }), input(`item${line}.description`)),
    field(t("Amount"), input(`item${line}.amount`, { inputmode: "decimal" })),
    field(t("For"), select(`item${line}.among`, whom, ""))),
  ));
}

/** bills.add's arguments from the form's values. */
function billArgs(home, values, members) {
  const byMember = (prefix, convert = (value) => value) => Object.fromEntries(Object.entries(values)
    .filter(([name]) => name.startsWith(`${prefix}.`))
    .map(([name, value]) => [name.slice(prefix.length + 1), convert(value)]));
  const split = { kind: values.kind };
  if (values.kind === "equal") {
    split.among = Object.entries(byMember("among")).filter(([, on]) => on === true).map(([id]) => id);
  } else if (values.kind === "exact") split.amounts = byMember("amounts");
  else if (values.kind === "shares") split.shares = byMember("shares", Number);
  else if (values.kind === "percent") split.percents = byMember("percents");
  else if (values.kind === "itemized") {
    split.items = [1, 2, 3].filter((line) => values[`item${line}.amount`]).map((line) => ({
      description: values[`item${line}.description`] ?? "", amount: values[`item${line}.amount`],
      among: values[`item${line}.among`] ? [values[`item${line}.among`]] : members.map((member) => member.userId),
    }));
  }
  const args = { householdId: home.householdId, description: values.description ?? "", amount: values.amount ?? "",
    split };
  if (values.date) args.date = values.date;
  const currency = foreign(values.currency, home);
  if (currency) {
    args.currency = currency;
    if (values.rate) args.rate = values.rate;
    if (values.convertedAmount) args.convertedAmount = values.convertedAmount;
  }
  if (values.paidBy === "several") args.payers = byMember("payers");
  else args.paidBy = values.paidBy;
  return args;
}

/** The recent bills of `home`, newest first, each with its shares and deletable. */
export async function billList(home, names, changed) {
  const { bills } = await ledger("bills.list", { householdId: home.householdId, limit: 50 });
  if (bills.length === 0) return card(t("Bills"), h("p", {}, t("No bills yet.")));
  const remove = (bill) => h("button", {
    type: "button", class: "quiet", "aria-label": t("Delete {description}", { description: bill.description }),
    onclick: async () => { await ledger("bills.delete", { billId: bill.billId }, { write: true }); changed(); },
  }, t("Delete"));
  const columns = [[t("Date"), false], [t("Bill"), false], [t("Paid by"), false], [t("Shares"), false],
    [t("Amount"), true], [t("Actions"), false]];
  const name = (id) => names[id] ?? id;
  return wide(card(t("Bills"), table(t("Recent bills"), columns, bills.map((bill) => [day(bill.date), bill.description,
    bill.payers.map((payer) => name(payer.userId)).join(", "),
    bill.shares.map((share) => `${name(share.userId)} ${money(share.amount, bill.currency)}`).join(", "),
    worth(bill), remove(bill)]))));
}

/** A bill's amount, and what it was worth in the household's currency when it is in another. */
function worth(bill) {
  const amount = money(bill.amount, bill.currency);
  return bill.value ? t("{amount} (≈ {value})", { amount, value: money(bill.value.amount, bill.value.currency) })
    : amount;
}
