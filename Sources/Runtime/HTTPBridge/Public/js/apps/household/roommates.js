// Roommates: the household's members, a request to a username, requests received (accept, decline) and sent
// (retract), and leaving.
import { t } from "../../i18n.js";
import { card, field, form, h, input } from "../../ui.js";
import { ledger, session } from "./session.js";

/** The roommates card of `home` (nil: only requests received); `changed()` follows any change. */
export async function roommates(home, changed) {
  const listing = await ledger("roommates.list", home ? { householdId: home.householdId } : {});
  const act = (op, args) => async () => { await ledger(op, args, { write: true }); changed(); };
  /** A button that answers `request` with `op`. */
  const answer = (op, request, label, quiet) => h("button", { type: "button", class: quiet ? "quiet" : null,
    onclick: act(op, { requestId: request.requestId }) }, label);
  const received = (listing.received ?? []).filter((request) => request.status === "pending");
  const parts = [];
  if (received.length) {
    parts.push(h("h3", {}, t("Invitations")), h("ul", {}, ...received.map((request) => h("li", {},
      t("{name} invites you to {household}", { name: request.requestedBy.displayName,
        household: request.householdName }), " ",
      answer("roommates.accept", request, t("Accept")), " ",
      answer("roommates.decline", request, t("Decline"), true)))));
  }
  if (home) {
    const sent = (listing.sent ?? []).filter((request) => request.status === "pending");
    parts.push(h("h3", {}, t("Members")), h("ul", {}, ...home.members.filter((member) => member.active)
      .map((member) => h("li", {}, memberName(member)))));
    if (sent.length) {
      parts.push(h("h3", {}, t("Invited")), h("ul", {}, ...sent.map((request) =>
        h("li", {}, `@${request.user.username} `, answer("roommates.retract", request, t("Retract"), true)))));
    }
    const invite = form([field(t("Invite by username"), input("username", { autocomplete: "off" }))], t("Invite"),
      async ({ username }) => {
        await ledger("roommates.request", { householdId: home.householdId, username: username ?? "" }, { write: true });
        changed();
      });
    const leave = h("button", { type: "button", class: "quiet", onclick: async () => {
      await ledger("roommates.leave", { householdId: home.householdId }, { write: true });
      session.household = null;
      changed();
    } }, t("Leave this household"));
    parts.push(invite, h("p", {}, leave));
  }
  return parts.length ? card(t("Roommates"), ...parts) : null;
}

/** A member as the list shows them: their name, their username, and whether they own the household. */
function memberName(member) {
  const name = `${member.displayName} (@${member.username})`;
  return member.role === "owner" ? t("{member}, owner", { member: name }) : name;
}
