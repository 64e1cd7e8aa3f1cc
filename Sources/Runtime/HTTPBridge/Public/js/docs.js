// /docs: every operation of /openapi.json by service, with its schemas, then the entities they refer to.
const doc = await (await fetch("/openapi.json")).json();
const root = document.getElementById("ops");
root.textContent = "";
const byTag = new Map();
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const tag = op.tags[0];
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag).push([method, path, op]);
  }
}
const show = (title, value) => {
  const block = document.createElement("details");
  const label = document.createElement("summary");
  label.textContent = title;
  const pre = document.createElement("pre");
  pre.textContent = JSON.stringify(value, null, 2);
  block.append(label, pre);
  return block;
};
for (const [tag, ops] of byTag) {
  const heading = document.createElement("h2");
  heading.textContent = tag;
  root.append(heading);
  for (const [method, path, op] of ops) {
    const entry = document.createElement("section");
    entry.className = "op";
    const line = document.createElement("div");
    const verb = document.createElement("span");
    verb.className = "method";
    verb.textContent = method.toUpperCase();
    const where = document.createElement("code");
    where.textContent = path;
    line.append(verb, where, " — " + op.summary);
    entry.append(line);
    const body = op.requestBody?.content?.["application/json"]?.schema;
    if (body) entry.append(show("Arguments", body));
    if (method === "get" && op.parameters) entry.append(show("Parameters", op.parameters));
    const ok = op.responses["200"].content;
    entry.append(show("Result (" + Object.keys(ok)[0] + ")", Object.values(ok)[0].schema));
    root.append(entry);
  }
}
// The named entities the schemas above refer to ("$ref": "#/components/schemas/NAME").
const entities = document.createElement("h2");
entities.textContent = "entities";
root.append(entities);
for (const [name, schema] of Object.entries(doc.components.schemas)) {
  const entry = show(name, schema);
  entry.id = "schema-" + name;
  root.append(entry);
}
