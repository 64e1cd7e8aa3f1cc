// Ordering: the menu by group (regular, discount and special items, bundle sales), a basket with regular and special
// lines apart, vouchers with the reason for each refusal, a checkout form showing every problem at once, and the
// order's status page, which follows its changes.
import { call } from "../api.js";
import { decimal, money, when } from "../format.js";
import { language, phrase, t } from "../i18n.js";
import { say } from "../messages.js";
import { card, field, form, h, input, showErrors, sideways, table } from "../ui.js";

const cartKey = "reckon.orders.cart";

/** `count` items, as the basket says it. */
const counted = (count) => (count === 1 ? t("1 item") : t("{count} items", { count: decimal(count) }));

/** The words for each order status the API sends (`out_for_delivery`): the page's own, so they are translated. */
const statuses = {
  placed: phrase("placed"),
  accepted: phrase("accepted"),
  preparing: phrase("preparing"),
  out_for_delivery: phrase("out for delivery"),
  delivered: phrase("delivered"),
  cancelled: phrase("cancelled"),
};

/** An order status in the page's words; one the page does not know, with its underscores as spaces. */
const statusWord = (code) => (statuses[code] ? t(statuses[code]) : code.replaceAll("_", " "));

/** The words for the menu's tags (`gluten-free`); a tag the page does not know shows as it came. */
const tags = {
  vegetarian: phrase("vegetarian"),
  "vegetarian-option": phrase("vegetarian-option"),
  vegan: phrase("vegan"),
  "gluten-free": phrase("gluten-free"),
  spicy: phrase("spicy"),
  alcohol: phrase("alcohol"),
};

/** Why a voucher was refused, by the API's refusal code, in the page's words (`{shortfall}`: what a `min_spend`
 * cart lacks). */
const refusals = {
  not_found: phrase("no voucher has this code"),
  expired: phrase("this voucher has expired"),
  not_started: phrase("this voucher cannot be used yet"),
  usage_limit_reached: phrase("this voucher has been used as often as it can be"),
  min_spend: phrase("spend {shortfall} more to use this voucher"),
  not_applicable: phrase("nothing in the basket is covered by this voucher"),
  not_stackable: phrase("this voucher cannot be combined with another one"),
};

/** A voucher's refusal as the basket says it: the API's own sentence in English (it names the vouchers and the
 * figures), else the page's words for its code. */
function refusal({ code, message, shortfall }, currency) {
  if (language === "en" || !refusals[code]) return message;
  return t(refusals[code], { shortfall: money(shortfall ?? "", currency) });
}

/** The order page, or an order's status page (#/order/ORDER_ID). */
export function order(orderId) {
  return orderId ? status(orderId) : shop();
}

/** The menu, the basket (with a bar in view at the menu's bottom) and the checkout form. */
function shop() {
  const menuView = h("div", { class: "menu" }, h("p", { class: "muted" }, t("Loading the menu…")));
  const basketView = h("div", { "aria-live": "polite" });
  const basketCard = card(t("Basket"), basketView);
  // The basket in short, kept in view at the bottom of the menu while it scrolls (the basket itself is under the menu
  // on a phone, and may be above the view at the menu's end): adding a dish always shows.
  const summary = h("p", { "aria-live": "polite" });
  const bar = h("div", { class: "basket-bar", hidden: true }, summary,
    h("button", { type: "button", class: "quiet", onclick: () => basketCard.scrollIntoView() }, t("See the basket")));
  const state = { cart: null, codes: [], currency: "CAD" };
  const empty = () => { basketView.replaceChildren(h("p", {}, t("Your basket is empty."))); bar.hidden = true; };
  const refresh = async () => {
    const cartId = localStorage.getItem(cartKey);
    if (!cartId) { empty(); return; }
    try {
      const quote = await call("orders", "quote", { cartId, vouchers: state.codes });
      basketView.replaceChildren(...basket(quote, state, refresh).filter(Boolean));
      const held = { items: counted(quote.cart.totalCount), total: money(quote.total, quote.cart.currency) };
      summary.textContent = state.added ? t("Added {dish}. Basket: {items}, {total}", { dish: state.added, ...held })
        : t("Basket: {items}, {total}", held);
      bar.hidden = quote.cart.totalCount === 0;
    } catch (error) {
      if (error.field === "cartId") { localStorage.removeItem(cartKey); empty(); }
      else basketView.replaceChildren(h("p", { class: "problem", role: "alert" }, say(error)));
    }
  };
  const add = (args, name) => async () => {
    try {
      let cartId = localStorage.getItem(cartKey);
      if (!cartId) {
        cartId = (await call("orders", "cart.create", {}, { key: crypto.randomUUID() })).cartId;
        localStorage.setItem(cartKey, cartId);
      }
      const op = args.saleId ? "cart.addSale" : "cart.add";
      await call("orders", op, { cartId, ...args }, { key: crypto.randomUUID() });
      state.added = name;
      await refresh();
    } catch (error) {
      basketView.prepend(h("p", { class: "problem", role: "alert" }, say(error)));
    }
  };
  call("orders", "menu").then((menu) => {
    state.currency = menu.restaurant.currency;
    menuView.replaceChildren(h("p", { class: "muted" }, menu.restaurant.name),
      ...menu.groups.map((group) => card(group.name, items(group.items, state.currency, add))),
      card(t("Specials"), items(menu.specialItems, state.currency, add)),
      card(t("Sales"), sales(menu.sales, state.currency, add)));
  }).catch((error) => menuView.replaceChildren(h("p", { class: "problem", role: "alert" }, say(error))));
  refresh();
  return [h("h1", {}, t("Order")), h("div", { class: "cards" }, h("div", {}, menuView, bar),
    h("div", { class: "aside" }, basketCard, checkout(state)))];
}

/** When a sale holds, after its description (` (Weekdays, 3 pm to 6 pm)`); nothing when the menu does not say. */
const validity = (sale) => (sale.validity ? ` (${sale.validity})` : null);

/** The sales of `list`: bundles with their prices in `currency` and an Add button (`add` makes its action), and
 * announcements. */
function sales(list, currency, add) {
  return h("ul", { class: "items" }, ...list.map((sale) => sale.kind === "bundle"
    ? h("li", {}, h("strong", {}, sale.title), " ", h("s", { class: "muted" }, money(sale.listPrice, currency)),
      ` ${money(sale.price, currency)}`, h("p", { class: "muted" }, sale.description, validity(sale)),
      h("button", { type: "button", disabled: !sale.available, onclick: add({ saleId: sale.id }, sale.title),
        "aria-label": t("Add {dish}", { dish: sale.title }) }, t("Add")))
    : h("li", {}, h("strong", {}, sale.title), h("p", { class: "muted" }, sale.description, validity(sale)))));
}

/** The dishes of `list` with their prices in `currency`, each with its Add button (`add` makes its action). */
function items(list, currency, add) {
  return h("ul", { class: "items" }, ...list.map((item) => h("li", {},
    h("strong", {}, item.name), " ",
    item.discountPrice
      ? [h("s", { class: "muted" }, money(item.price, currency)), ` ${money(item.discountPrice, currency)}`]
      : money(item.price, currency),
    item.remaining !== undefined
      ? h("span", { class: "muted" }, " · ", t("{count} left", { count: decimal(item.remaining) })) : null,
    h("p", { class: "muted" }, item.description,
      item.tags.length ? ` · ${item.tags.map((tag) => (tags[tag] ? t(tags[tag]) : tag)).join(", ")}` : ""),
    h("button", { type: "button", disabled: !item.available, onclick: add({ itemId: item.id }, item.name),
      "aria-label": item.available ? t("Add {dish}", { dish: item.name })
        : t("{dish} is sold out", { dish: item.name }) },
    item.available ? t("Add") : t("Sold out")))));
}

/** The basket's lines (regular, and specials and sales, apart) with their buttons, its sums, and the vouchers form
 * with what each voucher did. */
function basket(quote, state, refresh) {
  const cart = quote.cart;
  const change = (op, line) => async () => {
    const args = { cartId: cart.cartId, [line.kind === "bundle" ? "saleId" : "itemId"]: line.id };
    await call("orders", op, args, { key: crypto.randomUUID() });
    await refresh();
  };
  const button = (op, line, label, text) =>
    h("button", { type: "button", class: "quiet", onclick: change(op, line), "aria-label": label }, text);
  const lines = (caption, list) => list.length === 0 ? null : sideways(caption, h("table", {},
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Item")), h("th", { scope: "col" }, t("Quantity")),
      h("th", { scope: "col", class: "number" }, t("Total")))),
    h("tbody", {}, ...list.map((line) => h("tr", {},
      h("td", {}, line.name),
      h("td", {}, h("span", { class: "quantity" },
        button("cart.decrement", line, t("One fewer {dish}", { dish: line.name }), "−"),
        ` ${decimal(line.quantity)} `,
        button("cart.increment", line, t("One more {dish}", { dish: line.name }), "+"),
        button("cart.remove", line, t("Remove {dish}", { dish: line.name }), t("Remove")))),
      h("td", { class: "number" }, money(line.total, cart.currency)))))));
  const codes = input("codes", { value: state.codes.join(", "), autocomplete: "off" });
  const vouchers = form([field(t("Voucher codes"), codes, t("Separate several with commas"))], t("Apply"),
    async (values) => {
      state.codes = (values.codes ?? "").split(",").map((code) => code.trim()).filter(Boolean);
      await refresh();
    });
  const sums = {
    items: counted(cart.totalCount), subtotal: money(cart.subtotal, cart.currency),
    discount: money(cart.discount, cart.currency), vouchers: money(quote.voucherDiscount, cart.currency),
  };
  return [
    lines(t("Regular items"), cart.items), lines(t("Specials and sales"), cart.specialItems),
    h("p", {}, t("{items} · subtotal {subtotal} · discounts {discount} · vouchers −{vouchers}", sums)),
    h("p", { class: "result" }, t("Total {total}", { total: money(quote.total, cart.currency) })),
    vouchers,
    quote.vouchers.length ? h("ul", { class: "vouchers" }, ...quote.vouchers.map((voucher) => h("li", {},
      h("strong", {}, voucher.code), " ", voucher.applied
        ? t("applied: −{discount}", { discount: money(voucher.discount, cart.currency) })
        : h("span", { class: "problem" },
          t("refused: {reason}", { reason: refusal(voucher.refusal, cart.currency) }))))) : null,
  ];
}

/** The checkout form: the customer's name, phone, email and address; it checks the whole form at once, then places
 * the order and shows its status page. */
function checkout(state) {
  const out = h("div", { "aria-live": "polite" });
  let key = crypto.randomUUID();
  const place = form([
    field(t("Name"), input("name", { autocomplete: "name" })),
    h("div", { class: "row" }, field(t("Phone"), input("phone", { type: "tel", autocomplete: "tel" })),
      field(t("Email"), input("email", { type: "email", autocomplete: "email" }), t("Optional"))),
    field(t("Street"), input("street", { autocomplete: "address-line1" })),
    h("div", { class: "row" }, field(t("City"), input("city", { autocomplete: "address-level2" })),
      field(t("Postal code"), input("postalCode", { autocomplete: "postal-code" })),
      field(t("Country"), input("country", { autocomplete: "country", value: "CA" }))),
  ], t("Place the order"), async (values) => {
    const cartId = localStorage.getItem(cartKey);
    if (!cartId) {
      place.append(h("p", { class: "problem", role: "alert" },
        t("Your basket is empty: add something from the menu first.")));
      return;
    }
    const checkoutForm = {
      name: values.name ?? "", phone: values.phone ?? "", email: values.email,
      address: {
        street: values.street ?? "", city: values.city ?? "", postalCode: values.postalCode ?? "",
        country: values.country,
      },
      vouchers: state.codes,
    };
    const check = await call("orders", "checkout.validate", { cartId, form: checkoutForm });
    if (!check.valid) { showErrors(place, check.errors); return; }
    const placed = await call("orders", "order.place", { cartId, form: checkoutForm }, { key });
    key = crypto.randomUUID();
    localStorage.removeItem(cartKey);
    location.hash = `#/order/${placed.orderId}`;
  });
  return card(t("Checkout"), place, out);
}

/** An order's status page: its status, its history, its lines and total; it asks again every 2 s until the order is
 * delivered or cancelled. */
function status(orderId) {
  const view = h("div", { "aria-live": "polite" });
  let timer = null;
  const follow = async () => {
    if (!view.isConnected && timer !== null) return;
    try {
      const placed = await call("orders", "order.get", { orderId });
      view.replaceChildren(
        h("p", { class: "result" }, t("Status: {status}", { status: statusWord(placed.status) })),
        table(t("Status history"), [[t("Status"), false], [t("At"), false]],
          placed.history.map((step) => [statusWord(step.status), when(step.at)])),
        table(t("Items"), [[t("Item"), false], [t("Quantity"), true], [t("Total"), true]],
          [...placed.items, ...placed.specialItems].map((line) =>
            [line.name, decimal(line.quantity), money(line.total, placed.currency)])),
        h("p", {}, t("Total {total} for {name}.",
          { total: money(placed.total, placed.currency), name: placed.customer.name })),
        h("p", {}, h("a", { href: "#/order" }, t("Order something else"))));
      if (["delivered", "cancelled"].includes(placed.status)) return;
    } catch (error) {
      view.replaceChildren(h("p", { class: "problem", role: "alert" }, say(error)));
    }
    timer = setTimeout(() => { if (view.isConnected) follow(); }, 2000);
  };
  follow();
  return [h("h1", {}, t("Your order")), h("p", { class: "muted" }, t("Order number {number}", { number: orderId })),
    card(t("Where it is"), view)];
}
