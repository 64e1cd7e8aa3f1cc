// The outbox card: the changes made while Reckon could not be reached, waiting to be sent, and those Reckon refused
// once it was back (conflicts), each with its reason and a way to let it go. It is shown only while it holds any.
import { card, h, when } from "../../ui.js";
import { drop, waiting } from "./offline.js";

/** What a waiting change is, in a user's words. */
function describe({ op, args }) {
  switch (op) {
    case "bills.add": return `The bill “${args.description}”, ${args.amount}`;
    case "payments.record": return `A payment of ${args.amount}`;
    case "shopping.add": return `“${args.name}” for the shopping list`;
    case "inventory.add": return `“${args.name}” for the cupboard`;
    case "events.add": return `The event “${args.title}”`;
    default: return `A change (${op})`;
  }
}

/** The card, kept up to date until `stop()`; `slot` is where it shows. */
export function outbox(slot) {
  const render = () => {
    const items = waiting();
    const held = items.filter((item) => !item.problem);
    const refused = items.filter((item) => item.problem);
    slot.replaceChildren(...(items.length ? [card("Waiting to be sent",
      held.length ? h("p", {}, `${held.length === 1 ? "This change is" : `These ${held.length} changes are`} kept in this browser and sent as soon as Reckon can be reached.`) : "",
      held.length ? h("ul", {}, ...held.map((item) => h("li", {}, `${describe(item)} (made ${when(item.at)})`))) : "",
      refused.length ? h("p", { role: "alert" }, "Reckon refused these once it was back; what you meant may need doing again:") : "",
      refused.length ? h("ul", {}, ...refused.map((item) => h("li", {}, `${describe(item)}: ${item.problem} `,
        h("button", { type: "button", class: "quiet", "aria-label": `Dismiss: ${describe(item)}`, onclick: () => drop(item.key) }, "Dismiss")))) : "")]
      : []));
  };
  render();
  window.addEventListener("reckon-outbox", render);
  return () => window.removeEventListener("reckon-outbox", render);
}
