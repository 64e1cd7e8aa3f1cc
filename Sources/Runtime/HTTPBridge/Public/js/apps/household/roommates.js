// Roommates: the household's members, a request to a username, requests received (accept, decline) and sent
// (retract), and leaving.
import { card, field, form, h, input } from "../../ui.js";
import { ledger, session } from "./session.js";

/** The roommates card of `home` (nil: only requests received); `changed()` follows any change. */
export async function roommates(home, changed) {
  const listing = await ledger("roommates.list", home ? { householdId: home.householdId } : {});
  const act = (op, args) => async () => { await ledger(op, args, { write: true }); changed(); };
  const received = (listing.received ?? []).filter((request) => request.status === "pending");
  const parts = [];
  if (received.length) {
    parts.push(h("h3", {}, "Invitations"), h("ul", {}, ...received.map((request) => h("li", {},
      `${request.requestedBy.displayName} invites you to ${request.householdName} `,
      h("button", { type: "button", onclick: act("roommates.accept", { requestId: request.requestId }) }, "Accept"), " ",
      h("button", { type: "button", class: "quiet", onclick: act("roommates.decline", { requestId: request.requestId }) }, "Decline")))));
  }
  if (home) {
    const sent = (listing.sent ?? []).filter((request) => request.status === "pending");
    parts.push(h("h3", {}, "Members"), h("ul", {}, ...home.members.filter((member) => member.active).map((member) =>
      h("li", {}, `${member.displayName} (@${member.username})${member.role === "owner" ? ", owner" : ""}`))));
    if (sent.length) {
      parts.push(h("h3", {}, "Invited"), h("ul", {}, ...sent.map((request) => h("li", {}, `@${request.user.username} `,
        h("button", { type: "button", class: "quiet", onclick: act("roommates.retract", { requestId: request.requestId }) }, "Retract")))));
    }
    parts.push(form([field("Invite by username", input("username", { autocomplete: "off" }))], "Invite", async ({ username }) => {
      await ledger("roommates.request", { householdId: home.householdId, username: username ?? "" }, { write: true });
      changed();
    }), h("p", {}, h("button", { type: "button", class: "quiet", onclick: async () => {
      await ledger("roommates.leave", { householdId: home.householdId }, { write: true });
      session.household = null;
      changed();
    } }, "Leave this household")));
  }
  return parts.length ? card("Roommates", ...parts) : null;
}
