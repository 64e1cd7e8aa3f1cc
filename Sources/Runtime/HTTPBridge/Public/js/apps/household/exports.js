// The household's exports: CSV files of its bills, payments, balances, rounding transfers, cupboard and list, and
// the whole household as JSON, saved by the browser.
import { t } from "../../i18n.js";
import { card, h } from "../../ui.js";
import { ledger } from "./session.js";

/** Has the browser save `text` as the file `name` of type `type`. */
function save(name, type, text) {
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

/** The exports card of `home`. */
export function exports(home) {
  const files = [["bills", t("bills (CSV)")], ["payments", t("payments (CSV)")], ["balances", t("balances (CSV)")],
    ["roundings", t("roundings (CSV)")], ["inventory", t("inventory (CSV)")], ["shopping", t("shopping (CSV)")]];
  const csv = ([what, label]) => h("button", { type: "button", class: "quiet", onclick: async () => {
    // The bridge answers export.csv as the file itself (text/csv).
    save(`${home.name}-${what}.csv`, "text/csv", await ledger("export.csv", { householdId: home.householdId, what }));
  } }, label);
  const json = h("button", { type: "button", class: "quiet", onclick: async () => {
    const whole = await ledger("export.json", { householdId: home.householdId });
    save(`${home.name}.json`, "application/json", JSON.stringify(whole, null, 2));
  } }, t("Everything (JSON)"));
  return card(t("Exports"), h("p", { class: "row" }, ...files.map(csv), json));
}
