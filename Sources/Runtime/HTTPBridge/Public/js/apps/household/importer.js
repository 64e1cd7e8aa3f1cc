// Bringing a household's history in: a Splitwise group export, IHateMoney's or a Reckon backup, previewed first (every row's
// problem, who each of the file's names is, with an invitation by username for a name nobody here answers to), then
// imported whole, once.
import { t } from "../../i18n.js";
import { card, field, form, h, select, table } from "../../ui.js";
import { ledger } from "./session.js";

/** The import card of `home`, whose member names are `names` (user id → display name); `imported` runs after an
 * import, to show its bills and balances. */
export function importer(home, names, imported) {
  const result = h("div", { "aria-live": "polite" });
  const file = h("input", { name: "file", type: "file", accept: ".csv,.json,text/csv,application/json", required: true });
  const sources = [["splitwise", t("Splitwise (CSV)")], ["ihatemoney", t("IHateMoney (bills.json)")],
    ["reckon", t("Reckon backup (JSON)")]];
  let mapped = {};
  const preview = async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    const args = { householdId: home.householdId, from: element.elements.namedItem("from").value,
      file: await chosen.text(), members: mapped };
    const answer = await ledger("import.start", { ...args, dryRun: true }, { write: true });
    result.replaceChildren(...view(answer, args));
  };
  const view = (answer, args) => {
    const people = [["", t("(nobody yet)")], ...Object.entries(names)];
    const who = answer.names.map(({ name, userId }) => {
      const choice = select("member", people, userId ?? "");
      choice.setAttribute("aria-label", t("Who is {name}?", { name }));
      choice.addEventListener("change", () => {
        mapped = { ...mapped, [name]: choice.value || undefined };
        preview().catch((error) => result.replaceChildren(h("p", { class: "problem", role: "alert" }, error.message)));
      });
      return [name, userId ? choice : h("div", {}, choice, invitation(name))];
    });
    const problems = answer.errors.map((note) => [note.row, note.column ?? "", note.message]);
    const ready = !answer.errors.length && !answer.alreadyImported;
    const go = h("button", { type: "button", disabled: !ready, onclick: async () => {
      go.disabled = true;
      const done = await ledger("import.start", args, { write: true });
      result.replaceChildren(h("p", { role: "status" },
        t("Imported. Bills: {bills}. Payments: {payments}.", { bills: done.bills, payments: done.payments })));
      imported();
    } }, t("Import them"));
    return [
      h("p", { role: "status" }, answer.alreadyImported ? t("This file was imported already.")
        : t("Bills to import: {bills}. Payments: {payments}.", { bills: answer.bills, payments: answer.payments })),
      table(t("Who is who"), [[t("In the file")], [t("Member")]], who),
      problems.length ? table(t("Rows to fix"), [[t("Row"), true], [t("Column")], [t("Problem")]], problems) : "",
      go,
    ];
  };
  /** For a name nobody here answers to: invite someone by username, to map the name to once they accept. */
  const invitation = (name) => {
    const username = h("input", { type: "text", autocomplete: "off", "aria-label": t("Username to invite as {name}",
      { name }) });
    const said = h("span", { role: "status" });
    const invite = h("button", { type: "button", class: "quiet", onclick: async () => {
      try {
        await ledger("roommates.request", { householdId: home.householdId, username: username.value.trim() },
          { write: true });
        said.textContent = t("Invited {username}: import once they accept.", { username: username.value.trim() });
      } catch (error) {
        said.textContent = error.message;
      }
    } }, t("Invite"));
    return h("div", { class: "row" }, username, invite, said);
  };
  const element = form([
    field(t("File"), file, t("A Splitwise group's CSV export, IHateMoney's bills.json, or a backup this app saved.")),
    field(t("From"), select("from", sources, "splitwise")),
  ], t("Preview"), async () => { mapped = {}; await preview(); }, result);
  return card(t("Import"), element, result);
}
