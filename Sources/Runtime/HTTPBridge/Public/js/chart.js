// Charts as inline SVG, with a title and a text legend, so a screen reader has the figures too.
import { decimal, percent, rounded } from "./format.js";
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** Line and slice colours with at least 3:1 against both themes' paper (white, and #14171b in the dark). */
const colours = ["#2f7fd8", "#e0661c", "#2e9e5e", "#9b6bf0", "#d64545", "#17a2a2", "#b8731d"];
const svgNamespace = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(svgNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function legend(entries) {
  return h("ul", { class: "legend" }, ...entries.map(([label, colour, figure]) =>
    h("li", {}, h("span", { class: "swatch", style: `background:${colour}` }), figure ? t("{label}: {figure}", { label, figure }) : label)));
}

/** Lines of `series` (`{label, values, figure?}`) over `points` x positions, labelled by `xLabel(index)`; with
 * `steps`, each value holds until the next (a balance), else the points are joined straight. Values below zero draw
 * a zero line. The plot stretches to its card's width; its axis labels are page text beside it, so they read at the
 * page's size on any screen. */
export function lineChart(title, series, xLabel, { steps = false } = {}) {
  const width = 640, height = 260;
  const count = Math.max(...series.map((line) => line.values.length));
  const values = series.flatMap((line) => line.values);
  const lowest = Math.min(0, ...values);
  const highest = Math.max(lowest + 1, ...values);
  const x = (index) => (index / Math.max(1, count - 1)) * width;
  const y = (value) => ((highest - value) / (highest - lowest)) * height;
  const points = (line) => line.values.flatMap((value, point) => {
    const here = `${x(point).toFixed(1)},${y(value).toFixed(1)}`;
    return steps && point > 0 ? [`${x(point).toFixed(1)},${y(line.values[point - 1]).toFixed(1)}`, here] : [here];
  }).join(" ");
  const chart = svg("svg", { class: "chart line", viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none", role: "img" },
    svg("title", {}, title),
    svg("line", { x1: 0, y1: y(0), x2: width, y2: y(0), stroke: "#7a828b", "vector-effect": "non-scaling-stroke" }),
    ...series.map((line, index) => svg("polyline", {
      fill: "none", stroke: colours[index % colours.length], "stroke-width": 2.5, "vector-effect": "non-scaling-stroke",
      points: points(line),
    })));
  return h("figure", { class: "line-chart" },
    h("div", { class: "y-axis", "aria-hidden": "true" }, h("span", {}, rounded(highest)), h("span", {}, rounded(lowest))),
    chart,
    h("div", { class: "x-axis", "aria-hidden": "true" }, h("span", {}, xLabel(0)), h("span", {}, xLabel(count - 1))),
    h("figcaption", {}, title, legend(series.map((line, index) => [line.label, colours[index % colours.length], line.figure]))));
}

/** A pie of `slices` (`{label, value}`, values as decimal strings), with each slice's figure in the legend, written
 * by `figure` (a plain decimal by default; money, say). */
export function pieChart(title, slices, figure = decimal) {
  const total = slices.reduce((sum, slice) => sum + Number(slice.value), 0) || 1;
  let angle = -Math.PI / 2;
  const paths = slices.map((slice, index) => {
    const share = Number(slice.value) / total;
    const start = angle;
    angle += share * 2 * Math.PI;
    const large = share > 0.5 ? 1 : 0;
    const point = (a) => `${(100 + 90 * Math.cos(a)).toFixed(2)} ${(100 + 90 * Math.sin(a)).toFixed(2)}`;
    const d = share >= 0.9999 ? "M 100 10 A 90 90 0 1 1 99.99 10 Z"
      : `M 100 100 L ${point(start)} A 90 90 0 ${large} 1 ${point(angle)} Z`;
    return svg("path", { d, fill: colours[index % colours.length] });
  });
  const chart = svg("svg", { class: "chart", viewBox: "0 0 200 200", role: "img" }, svg("title", {}, title), ...paths);
  return h("figure", {}, chart, h("figcaption", {}, title, legend(slices.map((slice, index) =>
    [slice.label, colours[index % colours.length], `${figure(slice.value)} (${percent(Number(slice.value) / total, 1)})`]))));
}
