// The ceiling estimator: walk the product tree level by level (breadcrumbs and back), fill the product's own input
// form as the catalogue describes it, and read the bill of materials as a printable table with its warnings.
import { call } from "../api.js";
import { card, field, form, h, input, select, table } from "../ui.js";

/** The ceiling page: the tree's root, or the node or product the hash names (#/ceiling/regal_600x600). */
export function ceiling(node) {
  const view = h("div", { "aria-live": "polite" });
  show(view, node);
  return [h("h1", {}, "Ceiling"), view];
}

async function show(view, node) {
  try {
    const menu = await call("calc", "ceiling.menu", node ? { node } : {});
    if (menu.node.leaf) {
      view.replaceChildren(...await product(menu.node.id));
      return;
    }
    view.replaceChildren(
      crumbs(menu.path),
      card(menu.node.id === "root" ? "Choose a system" : menu.node.name,
        h("ul", { class: "choices" }, ...menu.children.map((child) => h("li", {},
          h("a", { href: `#/ceiling/${child.id}` }, child.name),
          child.subtitle ? h("span", { class: "muted" }, ` ${child.subtitle}`) : null)))));
  } catch (error) {
    view.replaceChildren(crumbs([]), h("p", { class: "problem", role: "alert" }, error.message));
  }
}

/** Breadcrumbs from the root to `path`'s last node, with a link back one level. */
function crumbs(path) {
  const trail = [{ id: "", name: "All systems" }, ...path];
  const back = trail.length > 1 ? trail[trail.length - 2] : null;
  return h("nav", { "aria-label": "Breadcrumbs", class: "crumbs" },
    h("ol", {}, ...trail.map((step, index) => h("li", {}, index === trail.length - 1
      ? h("span", { "aria-current": "page" }, step.name)
      : h("a", { href: step.id ? `#/ceiling/${step.id}` : "#/ceiling" }, step.name)))),
    back ? h("a", { href: back.id ? `#/ceiling/${back.id}` : "#/ceiling", class: "back" }, "← Back") : null);
}

async function product(id) {
  const description = await call("calc", "ceiling.inputs", { product: id });
  const out = h("div", { "aria-live": "polite" });
  const fields = description.inputs.map(control);
  const ask = form([h("p", { class: "hint" }, geometryHint(description.geometry, description.inputs)), ...fields],
    "Estimate", async (values) => {
      const inputs = {};
      for (const item of description.inputs) {
        if (item.type === "boolean") inputs[item.name] = values[item.name] === true;
        else if (values[item.name] !== undefined) inputs[item.name] = values[item.name];
      }
      out.replaceChildren(...materials(await call("calc", "ceiling.estimate", { product: id, inputs })));
    }, out);
  const last = description.path[description.path.length - 1];
  return [crumbs(description.path), card(last.name, ask), out];
}

/** One catalogue input as a field: a number with its unit and bounds, a yes/no checkbox, or a choice. */
function control(item) {
  const label = item.unit ? `${item.label} (${item.unit})` : item.label;
  if (item.type === "boolean") {
    const box = input(item.name, { type: "checkbox", checked: item.default === true, value: "yes" });
    return h("div", { class: "field check" }, h("label", {}, box, ` ${item.label}`),
      item.help ? h("p", { class: "hint" }, item.help) : null);
  }
  if (item.choices) {
    return field(label, select(item.name, item.choices.map((choice) => [choice.value, choice.label]), item.default),
      item.help);
  }
  const bounds = item.min && item.max ? `${item.min} to ${item.max}` : "";
  return field(label, input(item.name, {
    inputmode: item.integer ? "numeric" : "decimal", value: item.default ?? "", required: item.required,
  }), [item.help, bounds].filter(Boolean).join(" · ") || undefined);
}

function geometryHint(geometry, inputs) {
  const labels = Object.fromEntries(inputs.map((item) => [item.name, item.label.toLowerCase()]));
  return `Give the room as ${geometry.map((set) => set.map((name) => labels[name] ?? name).join(" and ")).join(", or ")}.`;
}

function materials(result) {
  return [
    card("Bill of materials",
      h("p", {}, `${result.areaM2} m² with a perimeter of ${result.perimeterM} m`
        + `${result.perimeterEstimated ? " (estimated)" : ""}; catalogue ${result.catalogueVersion}.`),
      ...result.warnings.map((warning) => h("p", { class: "problem" }, warning)),
      components(result.components),
      ...result.notes.map((note) => h("p", { class: "muted" }, note)),
      h("button", { type: "button", class: "quiet", onclick: () => window.print() }, "Print")),
  ];
}

/** The components as a table a phone shows whole: what to buy and how many first, the catalogue's product beside its
 * name; a Packs column only when some component comes in packs. */
function components(parts) {
  const packed = parts.some((part) => part.packs !== undefined && part.packs !== null);
  const columns = [["Component", false], ["Quantity", true], ...(packed ? [["Packs", true]] : []), ["Spares", true]];
  return table("Components", columns, parts.map((part) => [
    h("span", {}, part.name, h("span", { class: "muted small" }, ` ${part.productName}`)),
    `${part.quantity} ${part.unit}`,
    ...(packed ? [part.packs !== undefined && part.packs !== null ? `${part.packs} × ${part.packSize}` : ""] : []),
    part.spares,
  ]));
}
