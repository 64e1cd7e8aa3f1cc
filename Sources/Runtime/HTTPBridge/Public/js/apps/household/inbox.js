// Invitations live: the signed-in user's inbox through `roommates.wait`, a long poll asked again as soon as it
// answers, so a request sent to them (or retracted) shows without a reload, even in no household of the sender.
import { ledger } from "./session.js";

/** Calls `changed()` each time the inbox moves, until the returned function is called; `expired()` when the session
 * has ended. A failed wait is asked again two seconds later. */
export function followInbox(changed, expired) {
  const controller = new AbortController();
  (async () => {
    let after;
    while (!controller.signal.aborted) {
      try {
        const seen = await ledger("roommates.wait", after === undefined ? {} : { after }, { signal: controller.signal, live: true });
        if (after !== undefined && seen.inbox !== after && !controller.signal.aborted) changed();
        after = seen.inbox;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error.code === "unauthenticated") { expired(); return; }
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  })();
  return () => controller.abort();
}
