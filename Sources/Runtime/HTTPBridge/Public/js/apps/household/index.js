// The roommates' app: sign up and in, choose or make a household, then its bills, balances, settle-up and
// roommates, kept live by the household's activity feed.
import { card, field, form, h, input, select } from "../../ui.js";
import { activityFeed } from "./activity.js";
import { addBill, billList } from "./bills.js";
import { balances } from "./balances.js";
import { calendar } from "./calendar.js";
import { exports } from "./exports.js";
import { lists } from "./lists.js";
import { money } from "./money.js";
import { follow } from "./live.js";
import { roommates } from "./roommates.js";
import { ledger, session, signIn, signOut } from "./session.js";

let stopFollowing = () => {};

/** The household page. */
export function household() {
  stopFollowing();
  const view = h("div", { "aria-live": "polite" });
  render(view);
  return [h("h1", {}, "Household"), view];
}

// The page is rebuilt whole (sign-in, a household picked, a membership change); while any rebuild runs the view is
// aria-busy. The feed of the page being replaced stops first, so it cannot start yet another rebuild for a change
// the new page will show anyway.
async function render(view) {
  stopFollowing();
  view.rebuilds = (view.rebuilds ?? 0) + 1;
  view.setAttribute("aria-busy", "true");
  try {
    await build(view);
  } finally {
    view.rebuilds -= 1;
    if (view.rebuilds === 0) view.removeAttribute("aria-busy");
  }
}

async function build(view) {
  if (!session.token) { view.replaceChildren(...signInView(view)); return; }
  try {
    const [me, { households }] = await Promise.all([ledger("auth.me"), ledger("household.list")]);
    if (!households.some((home) => home.householdId === session.household)) session.household = households[0]?.householdId ?? null;
    const home = households.find((entry) => entry.householdId === session.household);
    const again = () => render(view);
    const top = h("div", { class: "row account" }, h("p", {}, `Signed in as ${me.displayName ?? me.username}`),
      h("button", { type: "button", class: "quiet", onclick: async () => { await signOut(); stopFollowing(); again(); } }, "Sign out"));
    const picker = households.length > 1 ? field("Household", select("household", households.map((entry) => [entry.householdId, entry.name]), session.household)) : null;
    picker?.querySelector("select").addEventListener("change", (event) => { session.household = event.target.value; again(); });
    // Each part of the page is refreshed alone, when a change touches what it shows; the cards with forms are made
    // once, so a refresh never clears what someone is typing.
    const names = home ? Object.fromEntries(home.members.map((member) => [member.userId, member.displayName])) : {};
    const owedSlot = h("div", { class: "slot" });
    const billsSlot = h("div", { class: "slot" });
    const refresh = async (parts = ["owed", "bills", "money", "lists", "calendar"]) => {
      if (!home) return;
      if (!owedSlot.isConnected) { stopFollowing(); return; }
      await Promise.all(parts.map((part) => updates[part]()));
    };
    const panels = home ? {
      money: money(home, names, () => refresh(["owed", "money", "bills"])),
      lists: lists(home, () => refresh(["lists", "owed", "bills"])),
      calendar: calendar(home, () => refresh(["calendar"])),
    } : {};
    const updates = {
      owed: async () => owedSlot.replaceChildren(...await balances(home, names, () => refresh(["owed", "money"]))),
      bills: async () => billsSlot.replaceChildren(await billList(home, names, () => refresh(["owed", "bills"]))),
      money: () => panels.money.update(), lists: () => panels.lists.update(), calendar: () => panels.calendar.update(),
    };
    const forms = [home ? addBill(home, () => refresh(["owed", "bills"])) : null, await roommates(home, again),
      newHousehold(again)];
    const feed = home ? activityFeed(home, names) : null;
    view.replaceChildren(top, picker ?? "", home ? h("h2", {}, home.name) : h("p", {}, "You are in no household yet."),
      h("div", { class: "cards" }, ...(home ? [owedSlot, billsSlot, feed.card, ...Object.values(panels).flatMap((panel) => panel.cards)] : []),
        ...forms.filter(Boolean), home ? exports(home) : null));
    await refresh();
    stopFollowing();
    // Another member's change (or this one's, seen again) refreshes what it touches; membership changes rebuild the
    // page, whose forms list the members; a half-typed form is left alone.
    const touched = { bill: ["owed", "bills"], payment: ["owed", "money"], recurring: ["money", "owed", "bills"],
      shopping: ["lists"], stock: ["lists"], event: ["calendar"] };
    const changed = (entries) => {
      feed.add(entries);
      if (entries.some((entry) => !touched[entry.entity])) { again(); return; }
      refresh([...new Set(entries.flatMap((entry) => touched[entry.entity]))]);
    };
    const expired = () => { session.token = null; again(); };
    if (home) stopFollowing = follow(home.householdId, await feed.newest(), changed, expired);
  } catch (error) {
    if (error.code === "unauthenticated") { session.token = null; render(view); return; }
    view.replaceChildren(h("p", { class: "problem", role: "alert" }, error.message));
  }
}

function signInView(view) {
  const credentials = () => [field("Username", input("username", { autocomplete: "username", required: true })),
    field("Password", input("password", { type: "password", autocomplete: "current-password", required: true }),
      "At least 8 characters")];
  const done = () => render(view);
  return [h("div", { class: "cards" },
    card("Sign in", form(credentials(), "Sign in", async ({ username, password }) => { await signIn(username ?? "", password ?? "", false); done(); })),
    card("New here?", form(credentials(), "Sign up", async ({ username, password }) => { await signIn(username ?? "", password ?? "", true); done(); })))];
}

function newHousehold(changed) {
  return card("A new household", form([h("div", { class: "row" }, field("Name", input("name", { autocomplete: "off" })),
    field("Currency", input("currency", { value: "CAD", autocomplete: "off" })))], "Create", async ({ name, currency }) => {
    const made = await ledger("household.create", { name: name ?? "", currency }, { write: true });
    session.household = made.householdId;
    changed();
  }));
}
