// The app shell: shows the app the location's hash names (#/calc, #/tax) in <main>, and marks it in the menu.
import { calculator } from "./apps/calc.js";
import { tax } from "./apps/tax.js";

const apps = { calc: calculator, tax };

function show() {
  const name = location.hash.replace(/^#\/?/, "").split("/")[0] || "calc";
  const app = apps[name] ? name : "calc";
  for (const link of document.querySelectorAll("nav a")) {
    if (link.getAttribute("href") === `#/${app}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const main = document.getElementById("main");
  main.replaceChildren(...apps[app]());
  document.title = `${main.querySelector("h1")?.textContent ?? "Reckon"} · Reckon`;
}

window.addEventListener("hashchange", () => { show(); document.getElementById("main").focus(); });
show();
