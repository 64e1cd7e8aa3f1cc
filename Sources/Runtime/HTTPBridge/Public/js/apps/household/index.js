// The roommates' app: sign up and in, choose or make a household, then its bills, balances, settle-up and
// roommates, kept live by the household's activity feed.
import { t } from "../../i18n.js";
import { say } from "../../messages.js";
import { card, field, form, h, input, select } from "../../ui.js";
import { activityFeed } from "./activity.js";
import { addBill, billList } from "./bills.js";
import { balances } from "./balances.js";
import { calendar } from "./calendar.js";
import { exports } from "./exports.js";
import { importer } from "./importer.js";
import { lists } from "./lists.js";
import { money } from "./money.js";
import { waiting } from "./offline.js";
import { outbox } from "./outbox.js";
import { one } from "./plural.js";
import { followInbox } from "./inbox.js";
import { follow } from "./live.js";
import { roommates } from "./roommates.js";
import { ledger, sendHeld, session, signIn, signOut } from "./session.js";

let stopFollowing = () => {};

/** The household page. */
export function household() {
  stopFollowing();
  const view = h("div", { "aria-live": "polite" });
  render(view);
  return [h("h1", {}, t("Household")), view];
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
    if (!households.some((home) => home.householdId === session.household)) {
      session.household = households[0]?.householdId ?? null;
    }
    const home = households.find((entry) => entry.householdId === session.household);
    const again = () => render(view);
    const top = h("div", { class: "row account" },
      h("p", {}, t("Signed in as {name}", { name: me.displayName ?? me.username })),
      h("button", { type: "button", class: "quiet", onclick: async () => {
        if (!maySignOut()) return;
        await signOut(); stopFollowing(); again();
      } }, t("Sign out")));
    const picker = households.length > 1 ? field(t("Household"), select("household",
      households.map((entry) => [entry.householdId, entry.name]), session.household)) : null;
    picker?.querySelector("select").addEventListener("change", (event) => {
      session.household = event.target.value;
      again();
    });
    // Each part of the page is refreshed alone, when a change touches what it shows; the cards with forms are made
    // once, so a refresh never clears what someone is typing.
    const names = home ? Object.fromEntries(home.members.map((member) => [member.userId, member.displayName])) : {};
    const owedSlot = h("div", { class: "slot" });
    const billsSlot = h("div", { class: "slot" });
    const roommatesSlot = h("div", { class: "slot" });
    const outboxSlot = h("div", { class: "slot" });
    // What this page follows; a page found replaced (its slots out of the document) stops its own, not its successor's.
    let stopThis = () => {};
    const refresh = async (parts = ["owed", "bills", "money", "lists", "calendar", "roommates"]) => {
      if (!roommatesSlot.isConnected) { stopThis(); return; }
      await Promise.all(parts.filter((part) => home || part === "roommates").map((part) => updates[part]()));
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
      roommates: async () => roommatesSlot.replaceChildren(...[await roommates(home, again)].filter(Boolean)),
    };
    const forms = [home ? addBill(home, () => refresh(["owed", "bills"])) : null, roommatesSlot, newHousehold(again)];
    const feed = home ? activityFeed(home, names) : null;
    const panelCards = Object.values(panels).flatMap((panel) => panel.cards);
    const heading = home ? h("h2", {}, home.name) : h("p", {}, t("You are in no household yet."));
    view.replaceChildren(top, picker ?? "", heading,
      h("div", { class: "cards" }, outboxSlot, ...(home ? [owedSlot, billsSlot, feed.card, ...panelCards] : []),
        ...forms.filter(Boolean), home ? exports(home) : null,
        home ? importer(home, names, () => refresh(["owed", "bills", "money"])) : null));
    await refresh();
    stopFollowing();
    // Another member's change (or this one's, seen again) refreshes what it touches; membership changes (an invitation
    // accepted, a member gone) rebuild the page, whose forms list the members; a half-typed form is left alone, and so
    // is an invitation sent or declined, which changes the roommates card alone.
    const touched = { bill: ["owed", "bills"], payment: ["owed", "money"], recurring: ["money", "owed", "bills"],
      shopping: ["lists"], stock: ["lists"], event: ["calendar"], request: ["roommates"] };
    const rebuilds = (entry) => entry.action === "request.accepted" || !touched[entry.entity];
    const changed = (entries) => {
      feed.add(entries);
      if (entries.some(rebuilds)) { again(); return; }
      refresh([...new Set(entries.flatMap((entry) => touched[entry.entity]))]);
    };
    const expired = () => { session.token = null; again(); };
    const newest = home ? await feed.newest() : 0;
    if (!roommatesSlot.isConnected) return;
    // An invitation received (or retracted) shows at once: in a household, in the roommates card alone; in none, the
    // page is rebuilt (accepting it elsewhere may have made this user a member).
    const stopInbox = followInbox(() => (!roommatesSlot.isConnected ? stopThis()
      : home ? refresh(["roommates"]) : again()), expired);
    const stopFeed = home ? follow(home.householdId, newest, changed, expired, feed.live) : () => {};
    // Changes made offline: listed while they wait, and once sent, the page shows them as Reckon stored them.
    const stopOutbox = outbox(outboxSlot);
    const sent = () => refresh();
    window.addEventListener("reckon-sent", sent);
    stopThis = () => { stopInbox(); stopFeed(); stopOutbox(); window.removeEventListener("reckon-sent", sent); };
    stopFollowing = stopThis;
    if (waiting().some((item) => !item.problem)) sendHeld();
  } catch (error) {
    if (error.code === "unauthenticated") { session.token = null; render(view); return; }
    view.replaceChildren(h("p", { class: "problem", role: "alert" }, say(error)));
  }
}

/** Whether signing out may go on: with changes made offline still waiting, once the user agrees to forget them. */
function maySignOut() {
  const held = waiting().filter((item) => !item.problem).length;
  if (!held) return true;
  return confirm(one(held)
    ? t("{count} change made offline has not been sent yet. Signing out forgets it. Sign out?", { count: held })
    : t("{count} changes made offline have not been sent yet. Signing out forgets them. Sign out?", { count: held }));
}

/** The sign-in and sign-up cards; either, once through, shows the page again, signed in. */
function signInView(view) {
  const credentials = () => [field(t("Username"), input("username", { autocomplete: "username", required: true })),
    field(t("Password"), input("password", { type: "password", autocomplete: "current-password", required: true }),
      t("At least 8 characters"))];
  const through = (create) => async ({ username, password }) => {
    await signIn(username ?? "", password ?? "", create);
    render(view);
  };
  return [h("div", { class: "cards" },
    card(t("Sign in"), form(credentials(), t("Sign in"), through(false))),
    card(t("New here?"), form(credentials(), t("Sign up"), through(true))))];
}

/** The card that makes a new household, with this user in it; `changed()` follows. */
function newHousehold(changed) {
  const fields = h("div", { class: "row" }, field(t("Name"), input("name", { autocomplete: "off" })),
    field(t("Currency"), input("currency", { value: "CAD", autocomplete: "off" })));
  return card(t("A new household"), form([fields], t("Create"), async ({ name, currency }) => {
    const made = await ledger("household.create", { name: name ?? "", currency }, { write: true });
    session.household = made.householdId;
    changed();
  }));
}
