// The shopping list and the cupboard: add to the list, mark an item bought (into the cupboard, with a best-before
// date and an optional bill), and the cupboard's lines with their best-before dates, use, and restock.
import { day, decimal } from "../../format.js";
import { t } from "../../i18n.js";
import { card, field, form, h, input, table } from "../../ui.js";
import { one } from "./plural.js";
import { ledger } from "./session.js";

/** The shopping list and cupboard cards of `home`, made once: `update()` reads the figures again and leaves the
 * forms (and what is typed in them) alone; `changed()` follows any change made here. */
export function lists(home, changed) {
  const act = (op, args) => async () => { await ledger(op, args, { write: true }); changed(); };
  const adding = (op) => async (values) => {
    await ledger(op, { householdId: home.householdId, ...values, name: values.name ?? "" }, { write: true });
    changed();
  };
  const add = form([h("div", { class: "row" }, field(t("Item"), input("name", { autocomplete: "off" })),
    field(t("Quantity"), input("quantity", { inputmode: "decimal" }), t("default 1")),
    field(t("Unit"), input("unit", { autocomplete: "off" })))],
  t("Add to the list"), adding("shopping.add"));
  const stock = form([h("div", { class: "row" }, field(t("Item"), input("name", { autocomplete: "off" })),
    field(t("Quantity"), input("quantity", { inputmode: "decimal", value: "1" })),
    field(t("Unit"), input("unit", { autocomplete: "off" }))),
  h("div", { class: "row" }, field(t("Best before"), input("bestBefore", { type: "date" })),
    field(t("Where"), input("location", { autocomplete: "off" }), t("fridge, pantry…"))),
  h("label", { class: "check" }, input("restock", { type: "checkbox", value: "yes" }), " ",
    t("Back on the list when it runs out"))],
  t("Put in the cupboard"), adding("inventory.add"));
  const [toBuy, inCupboard] = [h("div", {}), h("div", {})];
  const update = async () => {
    const [{ items }, { lines }] = await Promise.all([
      ledger("shopping.list", { householdId: home.householdId }),
      ledger("inventory.list", { householdId: home.householdId }),
    ]);
    const shopping = items.length === 0 ? h("p", {}, t("The list is empty.")) : table(t("To buy"),
      [[t("Item"), false], [t("Quantity"), true], [t("Actions"), false]], items.map((item) => [item.name,
        quantity(item), h("span", {},
          h("button", { type: "button", onclick: act("shopping.bought", { itemId: item.itemId }),
            "aria-label": t("Bought {name}", item) }, t("Bought")), " ",
          h("button", { type: "button", class: "quiet", onclick: act("shopping.remove", { itemId: item.itemId }),
            "aria-label": t("Remove {name}", item) }, t("Remove")))]));
    const cupboard = lines.length === 0 ? h("p", {}, t("The cupboard is empty.")) : table(t("In the cupboard"),
      [[t("Item"), false], [t("Quantity"), true], [t("Best before"), false], [t("Where"), false],
        [t("Actions"), false]],
      lines.map((line) => [line.name, quantity(line), bestBefore(line), line.location ?? "",
        h("button", { type: "button", class: "quiet", "aria-label": t("Use one {name}", line),
          onclick: act("inventory.consume", { itemId: line.itemId, quantity: "1" }) }, t("Use 1"))]));
    toBuy.replaceChildren(shopping);
    inCupboard.replaceChildren(cupboard);
  };
  return { cards: [card(t("Shopping list"), toBuy, add), card(t("Cupboard"), inCupboard, stock)], update };
}

/** An item's quantity, as the locale writes the number, and its unit. */
const quantity = (item) => `${decimal(item.quantity)} ${item.unit}`;

/** A cupboard line's best-before day and the days left until it, when it has one. */
function bestBefore(line) {
  if (!line.bestBefore) return "";
  const date = day(line.bestBefore);
  if (line.daysLeft === undefined || line.daysLeft === null) return date;
  const count = line.daysLeft;
  return one(count) ? t("{date} ({count} day)", { date, count }) : t("{date} ({count} days)", { date, count });
}
