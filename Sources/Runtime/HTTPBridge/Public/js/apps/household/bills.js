// Bills: the add form with every split kind (equal among some, exact amounts, shares, percentages, itemized lines)
// and one or several payers, and the list of recent bills.
import { card, field, form, h, input, select, table, wide } from "../../ui.js";
import { ledger } from "./session.js";

const kinds = [["equal", "Equally"], ["exact", "Exact amounts"], ["shares", "By shares"], ["percent", "By percentages"],
  ["itemized", "Itemized"]];

/** The add-bill card for `home` (household.get's result); `added()` follows a bill added. */
export function addBill(home, added) {
  const members = home.members.filter((member) => member.active);
  const perMember = (prefix, hint) => h("div", { class: "row" }, ...members.map((member) =>
    field(`${member.displayName}`, input(`${prefix}.${member.userId}`, { inputmode: "decimal" }), hint)));
  const among = h("fieldset", {}, h("legend", {}, "Shared by"), ...members.map((member) => h("label", { class: "check" },
    input(`among.${member.userId}`, { type: "checkbox", checked: true, value: "yes" }), ` ${member.displayName}`)));
  const sections = {
    equal: among, exact: perMember("amounts", "amount"), shares: perMember("shares", "shares, e.g. 2"),
    percent: perMember("percents", "%"), itemized: itemLines(members),
  };
  const kind = select("kind", kinds, "equal");
  const detail = h("div", {}, sections.equal);
  kind.addEventListener("change", () => detail.replaceChildren(sections[kind.value]));
  const payer = select("paidBy", [...members.map((member) => [member.userId, member.displayName]), ["several", "Several people"]], members[0]?.userId);
  const payers = h("div", { hidden: true }, perMember("payers", "paid"));
  payer.addEventListener("change", () => { payers.hidden = payer.value !== "several"; });
  const bill = form([
    h("div", { class: "row" }, field("Description", input("description", { autocomplete: "off" })),
      field(`Amount (${home.currency})`, input("amount", { inputmode: "decimal", autocomplete: "off" }))),
    h("div", { class: "row" }, field("Paid by", payer), field("Split", kind),
      field("Date", input("date", { type: "date", value: localToday(), required: true }))), payers, detail,
  ], "Add the bill", async (values) => {
    await ledger("bills.add", billArgs(home, values, members), { write: true });
    for (const name of ["description", "amount"]) bill.elements.namedItem(name).value = "";
    added();
  });
  return card("Add a bill", bill);
}

/** Today in this browser's time zone, as a date input takes it (`2026-11-29`). */
const localToday = () => {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
};

function itemLines(members) {
  return h("div", {}, ...[1, 2, 3].map((line) => h("div", { class: "row" },
    field(`Item ${line}`, input(`item${line}.description`)),
    field("Amount", input(`item${line}.amount`, { inputmode: "decimal" })),
    field("For", select(`item${line}.among`, [["", "Everyone"], ...members.map((member) => [member.userId, member.displayName])], ""))),
  ));
}

/** bills.add's arguments from the form's values. */
function billArgs(home, values, members) {
  const byMember = (prefix, convert = (value) => value) => Object.fromEntries(Object.entries(values)
    .filter(([name]) => name.startsWith(`${prefix}.`)).map(([name, value]) => [name.slice(prefix.length + 1), convert(value)]));
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
  const args = { householdId: home.householdId, description: values.description ?? "", amount: values.amount ?? "", split };
  if (values.date) args.date = values.date;
  if (values.paidBy === "several") args.payers = byMember("payers");
  else args.paidBy = values.paidBy;
  return args;
}

/** The recent bills of `home`, newest first, each with its shares and deletable. */
export async function billList(home, names, changed) {
  const { bills } = await ledger("bills.list", { householdId: home.householdId, limit: 50 });
  if (bills.length === 0) return card("Bills", h("p", {}, "No bills yet."));
  const remove = (bill) => h("button", {
    type: "button", class: "quiet", "aria-label": `Delete ${bill.description}`,
    onclick: async () => { await ledger("bills.delete", { billId: bill.billId }, { write: true }); changed(); },
  }, "Delete");
  return wide(card("Bills", table("Recent bills", [["Date", false], ["Bill", false], ["Paid by", false], ["Shares", false],
    ["Amount", true], ["Actions", false]], bills.map((bill) => [bill.date, bill.description,
    bill.payers.map((payer) => names[payer.userId] ?? payer.userId).join(", "),
    bill.shares.map((share) => `${names[share.userId] ?? share.userId} ${share.amount}`).join(", "),
    `${bill.amount} ${bill.currency}`, remove(bill)]))));
}
