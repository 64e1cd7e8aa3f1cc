// The app shell: registers the offline worker, and shows the app the location's hash names (#/calc, #/tax, #/ceiling/NODE, #/order/ORDER) in <main>, and marks it
// in the menu; what follows the app's name is handed to it. Each app's code is fetched when it is first opened, so a
// first load carries the shell and one app. The shell's texts are put in the page's language (i18n.js) before any app
// is shown, and each app's words come with its code.
import { choose, language, learn, t } from "./i18n.js";

/** An app's page, from its module, once its code and its words (`parts`, when the page is in French) have come. */
const app = (parts, code) => Promise.all([code(), ...parts.map(learn)]).then(([page]) => page);

const apps = {
  calc: () => app(["calc", "calc-results"], () => import("./apps/calc.js").then((module) => module.calculator)),
  tax: () => app(["tax", "tax-results"], () => import("./apps/tax.js").then((module) => module.tax)),
  ceiling: () => app(["ceiling", "ceiling-results"], () => import("./apps/ceiling.js").then((module) => module.ceiling)),
  order: () => app(["order"], () => import("./apps/order.js").then((module) => module.order)),
  household: () => app(["household"], () => import("./apps/household/index.js").then((module) => module.household)),
};

await learn("shell");
document.documentElement.lang = language;
for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.textContent.trim());
for (const element of document.querySelectorAll("[data-t-label]")) element.ariaLabel = t(element.ariaLabel);
const other = language === "en" ? ["fr-CA", "Français", "fr"] : ["en", "English", "en"];
const switcher = document.getElementById("language");
Object.assign(switcher, { textContent: other[1], lang: other[2], hidden: false });
switcher.addEventListener("click", () => choose(other[0]));

// Installable and usable offline (sw.js). No worker (an insecure origin, a private window): the app works online as
// before.
const worker = "serviceWorker" in navigator
  ? navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).catch(() => null)
  : Promise.resolve(null);

let shown = 0;

async function show() {
  const turn = ++shown;
  const [name, ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const app = apps[name] ? name : "calc";
  for (const link of document.querySelectorAll("nav a")) {
    if (link.getAttribute("href") === `#/${app}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const render = await apps[app]();
  if (turn !== shown) return; // the hash moved on while the app's code came
  const main = document.getElementById("main");
  main.replaceChildren(...render(rest.join("/") || undefined));
  document.title = `${main.querySelector("h1")?.textContent ?? "Reckon"} · Reckon`;
  keepLoaded();
}

window.addEventListener("hashchange", async () => { await show(); document.getElementById("main").focus(); });
show();

/** Hands the offline worker what this page has loaded (the shell and the apps opened), to keep: what came before the
 * worker ran, or before it took the page over, went past it. */
async function keepLoaded() {
  const registration = await worker;
  const loaded = performance.getEntriesByType("resource").map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && !url.pathname.startsWith("/v1/")).map((url) => url.pathname);
  registration?.active?.postMessage({ keep: [...new Set([location.pathname, ...loaded])] });
}
