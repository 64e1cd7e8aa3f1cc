// The household's exports: CSV files of its bills, payments, balances, rounding transfers, cupboard and list, and
// the whole household as JSON, saved by the browser.
import { card, h } from "../../ui.js";
import { ledger } from "./session.js";

function save(name, type, text) {
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

/** The exports card of `home`. */
export function exports(home) {
  const csv = (what) => h("button", { type: "button", class: "quiet", onclick: async () => {
    // The bridge answers export.csv as the file itself (text/csv).
    save(`${home.name}-${what}.csv`, "text/csv", await ledger("export.csv", { householdId: home.householdId, what }));
  } }, `${what} (CSV)`);
  const json = h("button", { type: "button", class: "quiet", onclick: async () => {
    save(`${home.name}.json`, "application/json", JSON.stringify(await ledger("export.json", { householdId: home.householdId }), null, 2));
  } }, "Everything (JSON)");
  return card("Exports", h("p", { class: "row" }, ...["bills", "payments", "balances", "roundings", "inventory", "shopping"].map(csv), json));
}
