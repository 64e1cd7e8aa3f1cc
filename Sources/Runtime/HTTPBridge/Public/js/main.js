// The app shell: shows the app the location's hash names (#/calc, #/tax, #/ceiling/NODE, #/order/ORDER) in <main>, and marks it
// in the menu; what follows the app's name is handed to it.
import { calculator } from "./apps/calc.js";
import { ceiling } from "./apps/ceiling.js";
import { household } from "./apps/household/index.js";
import { order } from "./apps/order.js";
import { tax } from "./apps/tax.js";

const apps = { calc: calculator, tax, ceiling, order, household };

function show() {
  const [name, ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const app = apps[name] ? name : "calc";
  for (const link of document.querySelectorAll("nav a")) {
    if (link.getAttribute("href") === `#/${app}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const main = document.getElementById("main");
  main.replaceChildren(...apps[app](rest.join("/") || undefined));
  document.title = `${main.querySelector("h1")?.textContent ?? "Reckon"} · Reckon`;
}

window.addEventListener("hashchange", () => { show(); document.getElementById("main").focus(); });
show();
