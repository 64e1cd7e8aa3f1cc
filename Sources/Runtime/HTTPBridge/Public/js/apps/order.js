// Ordering: the menu by group (regular, discount and special items, bundle sales), a basket with regular and special
// lines apart, vouchers with the reason for each refusal, a checkout form showing every problem at once, and the
// order's status page, which follows its changes.
import { call } from "../api.js";
import { card, field, form, h, input, showErrors, sideways, table, when } from "../ui.js";

const cartKey = "reckon.orders.cart";
const money = (amount, currency) => `${amount} ${currency}`;
const counted = (count) => `${count} ${count === 1 ? "item" : "items"}`;

/** The order page, or an order's status page (#/order/ORDER_ID). */
export function order(orderId) {
  return orderId ? status(orderId) : shop();
}

function shop() {
  const menuView = h("div", { class: "menu" }, h("p", { class: "muted" }, "Loading the menu…"));
  const basketView = h("div", { "aria-live": "polite" });
  const basketCard = card("Basket", basketView);
  // The basket in short, kept in view at the bottom of the menu while it scrolls (the basket itself is under the menu
  // on a phone, and may be above the view at the menu's end): adding a dish always shows.
  const summary = h("p", { "aria-live": "polite" });
  const bar = h("div", { class: "basket-bar", hidden: true }, summary,
    h("button", { type: "button", class: "quiet", onclick: () => basketCard.scrollIntoView() }, "See the basket"));
  const state = { cart: null, codes: [], currency: "CAD" };
  const empty = () => { basketView.replaceChildren(h("p", {}, "Your basket is empty.")); bar.hidden = true; };
  const refresh = async () => {
    const cartId = localStorage.getItem(cartKey);
    if (!cartId) { empty(); return; }
    try {
      const quote = await call("orders", "quote", { cartId, vouchers: state.codes });
      basketView.replaceChildren(...basket(quote, state, refresh).filter(Boolean));
      const added = state.added ? `Added ${state.added}. ` : "";
      summary.textContent = `${added}Basket: ${counted(quote.cart.totalCount)}, ${money(quote.total, quote.cart.currency)}`;
      bar.hidden = quote.cart.totalCount === 0;
    } catch (error) {
      if (error.field === "cartId") { localStorage.removeItem(cartKey); empty(); }
      else basketView.replaceChildren(h("p", { class: "problem", role: "alert" }, error.message));
    }
  };
  const add = (args, name) => async () => {
    try {
      let cartId = localStorage.getItem(cartKey);
      if (!cartId) {
        cartId = (await call("orders", "cart.create", {}, { key: crypto.randomUUID() })).cartId;
        localStorage.setItem(cartKey, cartId);
      }
      await call("orders", args.saleId ? "cart.addSale" : "cart.add", { cartId, ...args }, { key: crypto.randomUUID() });
      state.added = name;
      await refresh();
    } catch (error) {
      basketView.prepend(h("p", { class: "problem", role: "alert" }, error.message));
    }
  };
  call("orders", "menu").then((menu) => {
    state.currency = menu.restaurant.currency;
    menuView.replaceChildren(h("p", { class: "muted" }, menu.restaurant.name),
      ...menu.groups.map((group) => card(group.name, items(group.items, state.currency, add))),
      card("Specials", items(menu.specialItems, state.currency, add)),
      card("Sales", h("ul", { class: "items" }, ...menu.sales.map((sale) => sale.kind === "bundle"
        ? h("li", {}, h("strong", {}, sale.title), " ", h("s", { class: "muted" }, money(sale.listPrice, state.currency)),
          ` ${money(sale.price, state.currency)}`, h("p", { class: "muted" }, sale.description, ` (${sale.validity})`),
          h("button", { type: "button", disabled: !sale.available, onclick: add({ saleId: sale.id }, sale.title),
            "aria-label": `Add ${sale.title}` }, "Add"))
        : h("li", {}, h("strong", {}, sale.title), h("p", { class: "muted" }, `${sale.description} (${sale.validity})`))))));
  }).catch((error) => menuView.replaceChildren(h("p", { class: "problem", role: "alert" }, error.message)));
  refresh();
  return [h("h1", {}, "Order"), h("div", { class: "cards" }, h("div", {}, menuView, bar),
    h("div", { class: "aside" }, basketCard, checkout(state)))];
}

function items(list, currency, add) {
  return h("ul", { class: "items" }, ...list.map((item) => h("li", {},
    h("strong", {}, item.name), " ",
    item.discountPrice
      ? [h("s", { class: "muted" }, money(item.price, currency)), ` ${money(item.discountPrice, currency)}`]
      : money(item.price, currency),
    item.remaining !== undefined ? h("span", { class: "muted" }, ` · ${item.remaining} left`) : null,
    h("p", { class: "muted" }, item.description, item.tags.length ? ` · ${item.tags.join(", ")}` : ""),
    h("button", { type: "button", disabled: !item.available, onclick: add({ itemId: item.id }, item.name),
      "aria-label": item.available ? `Add ${item.name}` : `${item.name} is sold out` },
    item.available ? "Add" : "Sold out"))));
}

function basket(quote, state, refresh) {
  const cart = quote.cart;
  const change = (op, line) => async () => {
    const args = { cartId: cart.cartId, [line.kind === "bundle" ? "saleId" : "itemId"]: line.id };
    await call("orders", op, args, { key: crypto.randomUUID() });
    await refresh();
  };
  const lines = (caption, list) => list.length === 0 ? null : sideways(caption, h("table", {},
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Item"), h("th", { scope: "col" }, "Quantity"),
      h("th", { scope: "col", class: "number" }, "Total"))),
    h("tbody", {}, ...list.map((line) => h("tr", {},
      h("td", {}, line.name),
      h("td", {}, h("span", { class: "quantity" },
        h("button", { type: "button", class: "quiet", onclick: change("cart.decrement", line), "aria-label": `One fewer ${line.name}` }, "−"),
        ` ${line.quantity} `,
        h("button", { type: "button", class: "quiet", onclick: change("cart.increment", line), "aria-label": `One more ${line.name}` }, "+"),
        h("button", { type: "button", class: "quiet", onclick: change("cart.remove", line), "aria-label": `Remove ${line.name}` }, "Remove"))),
      h("td", { class: "number" }, line.total))))));
  const codes = input("codes", { value: state.codes.join(", "), autocomplete: "off" });
  const vouchers = form([field("Voucher codes", codes, "Separate several with commas")], "Apply", async (values) => {
    state.codes = (values.codes ?? "").split(",").map((code) => code.trim()).filter(Boolean);
    await refresh();
  });
  return [
    lines("Regular items", cart.items), lines("Specials and sales", cart.specialItems),
    h("p", {}, `${counted(cart.totalCount)} · subtotal ${money(cart.subtotal, cart.currency)} · discounts `
      + `${money(cart.discount, cart.currency)} · vouchers −${money(quote.voucherDiscount, cart.currency)}`),
    h("p", { class: "result" }, `Total ${money(quote.total, cart.currency)}`),
    vouchers,
    quote.vouchers.length ? h("ul", { class: "vouchers" }, ...quote.vouchers.map((voucher) => h("li", {},
      h("strong", {}, voucher.code), voucher.applied ? ` applied: −${voucher.discount}`
        : h("span", { class: "problem" }, ` refused: ${voucher.refusal.message}`)))) : null,
  ];
}

function checkout(state) {
  const out = h("div", { "aria-live": "polite" });
  let key = crypto.randomUUID();
  const place = form([
    field("Name", input("name", { autocomplete: "name" })),
    h("div", { class: "row" }, field("Phone", input("phone", { type: "tel", autocomplete: "tel" })),
      field("Email", input("email", { type: "email", autocomplete: "email" }), "Optional")),
    field("Street", input("street", { autocomplete: "address-line1" })),
    h("div", { class: "row" }, field("City", input("city", { autocomplete: "address-level2" })),
      field("Postal code", input("postalCode", { autocomplete: "postal-code" })),
      field("Country", input("country", { autocomplete: "country", value: "CA" }))),
  ], "Place the order", async (values) => {
    const cartId = localStorage.getItem(cartKey);
    if (!cartId) throw new Error("Your basket is empty: add something from the menu first.");
    const checkoutForm = {
      name: values.name ?? "", phone: values.phone ?? "", email: values.email,
      address: { street: values.street ?? "", city: values.city ?? "", postalCode: values.postalCode ?? "", country: values.country },
      vouchers: state.codes,
    };
    const check = await call("orders", "checkout.validate", { cartId, form: checkoutForm });
    if (!check.valid) { showErrors(place, check.errors); return; }
    const placed = await call("orders", "order.place", { cartId, form: checkoutForm }, { key });
    key = crypto.randomUUID();
    localStorage.removeItem(cartKey);
    location.hash = `#/order/${placed.orderId}`;
  });
  return card("Checkout", place, out);
}

function status(orderId) {
  const view = h("div", { "aria-live": "polite" });
  let timer = null;
  const follow = async () => {
    if (!view.isConnected && timer !== null) return;
    try {
      const placed = await call("orders", "order.get", { orderId });
      view.replaceChildren(
        h("p", { class: "result" }, `Status: ${placed.status.replaceAll("_", " ")}`),
        table("Status history", [["Status", false], ["At", false]],
          placed.history.map((step) => [step.status.replaceAll("_", " "), when(step.at)])),
        table("Items", [["Item", false], ["Quantity", true], ["Total", true]],
          [...placed.items, ...placed.specialItems].map((line) => [line.name, line.quantity, line.total])),
        h("p", {}, `Total ${money(placed.total, placed.currency)} for ${placed.customer.name}.`),
        h("p", {}, h("a", { href: "#/order" }, "Order something else")));
      if (["delivered", "cancelled"].includes(placed.status)) return;
    } catch (error) {
      view.replaceChildren(h("p", { class: "problem", role: "alert" }, error.message));
    }
    timer = setTimeout(() => { if (view.isConnected) follow(); }, 2000);
  };
  follow();
  return [h("h1", {}, "Your order"), h("p", { class: "muted" }, `Order number ${orderId}`), card("Where it is", view)];
}
