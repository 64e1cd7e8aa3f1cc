// The shopping list and the cupboard: add to the list, mark an item bought (into the cupboard, with a best-before
// date and an optional bill), and the cupboard's lines with their best-before dates, use, and restock.
import { card, field, form, h, input, table } from "../../ui.js";
import { ledger } from "./session.js";

/** The shopping list and cupboard cards of `home`, made once: `update()` reads the figures again and leaves the
 * forms (and what is typed in them) alone; `changed()` follows any change made here. */
export function lists(home, changed) {
  const act = (op, args) => async () => { await ledger(op, args, { write: true }); changed(); };
  const add = form([h("div", { class: "row" }, field("Item", input("name", { autocomplete: "off" })),
    field("Quantity", input("quantity", { inputmode: "decimal" }), "default 1"), field("Unit", input("unit", { autocomplete: "off" })))],
  "Add to the list", async (values) => {
    await ledger("shopping.add", { householdId: home.householdId, ...values, name: values.name ?? "" }, { write: true });
    changed();
  });
  const stock = form([h("div", { class: "row" }, field("Item", input("name", { autocomplete: "off" })),
    field("Quantity", input("quantity", { inputmode: "decimal", value: "1" })), field("Unit", input("unit", { autocomplete: "off" }))),
  h("div", { class: "row" }, field("Best before", input("bestBefore", { type: "date" })),
    field("Where", input("location", { autocomplete: "off" }), "fridge, pantry…")),
  h("label", { class: "check" }, input("restock", { type: "checkbox", value: "yes" }), " Back on the list when it runs out")],
  "Put in the cupboard", async (values) => {
    await ledger("inventory.add", { householdId: home.householdId, ...values, name: values.name ?? "" }, { write: true });
    changed();
  });
  const [toBuy, inCupboard] = [h("div", {}), h("div", {})];
  const update = async () => {
    const [{ items }, { lines }] = await Promise.all([
      ledger("shopping.list", { householdId: home.householdId }),
      ledger("inventory.list", { householdId: home.householdId }),
    ]);
    const shopping = items.length === 0 ? h("p", {}, "The list is empty.") : table("To buy",
      [["Item", false], ["Quantity", true], ["Actions", false]], items.map((item) => [item.name, `${item.quantity} ${item.unit}`,
        h("span", {}, h("button", { type: "button", onclick: act("shopping.bought", { itemId: item.itemId }),
          "aria-label": `Bought ${item.name}` }, "Bought"), " ",
        h("button", { type: "button", class: "quiet", onclick: act("shopping.remove", { itemId: item.itemId }),
          "aria-label": `Remove ${item.name}` }, "Remove"))]));
    const cupboard = lines.length === 0 ? h("p", {}, "The cupboard is empty.") : table("In the cupboard",
      [["Item", false], ["Quantity", true], ["Best before", false], ["Where", false], ["Actions", false]],
      lines.map((line) => [line.name, `${line.quantity} ${line.unit}`,
        line.bestBefore ? `${line.bestBefore}${line.daysLeft !== undefined ? ` (${line.daysLeft} days)` : ""}` : "",
        line.location ?? "", h("button", { type: "button", class: "quiet", "aria-label": `Use one ${line.name}`,
          onclick: act("inventory.consume", { itemId: line.itemId, quantity: "1" }) }, "Use 1")]));
    toBuy.replaceChildren(shopping);
    inCupboard.replaceChildren(cupboard);
  };
  return { cards: [card("Shopping list", toBuy, add), card("Cupboard", inCupboard, stock)], update };
}
