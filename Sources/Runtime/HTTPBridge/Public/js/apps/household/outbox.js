// The outbox card: the changes made while Reckon could not be reached, waiting to be sent, and those Reckon refused
// once it was back (conflicts), each with its reason and a way to let it go. It is shown only while it holds any.
import { money, when } from "../../format.js";
import { t } from "../../i18n.js";
import { say } from "../../messages.js";
import { card, h } from "../../ui.js";
import { drop, waiting } from "./offline.js";
import { one } from "./plural.js";

/** What a waiting change is, in a user's words; its amount as money when the change names its currency, else as a
 * number. */
function describe({ op, args }) {
  const amount = money(args.amount ?? "", args.currency);
  switch (op) {
    case "bills.add": return t("The bill “{description}”, {amount}", { description: args.description, amount });
    case "payments.record": return t("A payment of {amount}", { amount });
    case "shopping.add": return t("“{name}” for the shopping list", args);
    case "inventory.add": return t("“{name}” for the cupboard", args);
    case "events.add": return t("The event “{title}”", args);
    default: return t("A change ({op})", { op });
  }
}

/** Why Reckon refused a change, in the page's words; a reason kept as text (by an earlier version of the page) as
 * it is. */
const why = (problem) => (typeof problem === "string" ? problem : say(problem));

/** The card, kept up to date until `stop()`; `slot` is where it shows. */
export function outbox(slot) {
  const render = () => {
    const items = waiting();
    const held = items.filter((item) => !item.problem);
    const refused = items.filter((item) => item.problem);
    const count = held.length;
    const dismiss = (item) => h("button", { type: "button", class: "quiet",
      "aria-label": t("Dismiss: {change}", { change: describe(item) }), onclick: () => drop(item.key) }, t("Dismiss"));
    const kept = one(count) ? t("This change is kept in this browser and sent as soon as Reckon can be reached.")
      : t("These {count} changes are kept in this browser and sent as soon as Reckon can be reached.", { count });
    slot.replaceChildren(...(items.length ? [card(t("Waiting to be sent"),
      count ? h("p", {}, kept) : "",
      count ? h("ul", {}, ...held.map((item) =>
        h("li", {}, t("{change} (made {when})", { change: describe(item), when: when(item.at) })))) : "",
      refused.length ? h("p", { role: "alert" },
        t("Reckon refused these once it was back; what you meant may need doing again:")) : "",
      refused.length ? h("ul", {}, ...refused.map((item) =>
        h("li", {}, t("{change}: {problem}", { change: describe(item), problem: why(item.problem) }), " ",
          dismiss(item)))) : "")]
      : []));
  };
  render();
  window.addEventListener("reckon-outbox", render);
  return () => window.removeEventListener("reckon-outbox", render);
}
