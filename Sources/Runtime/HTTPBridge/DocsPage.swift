/// `/docs`: a readable page of the OpenAPI document, self-contained (no file is fetched from elsewhere): it reads
/// `/openapi.json` and lists every operation by service with its schemas.
enum DocsPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Reckon HTTP API</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b1b1b; }
        h2 { border-bottom: 1px solid #ccc; margin-top: 2rem; }
        .op { margin: .75rem 0; }
        .method { display: inline-block; min-width: 3.5rem; font-weight: 600; font-family: monospace; }
        code, pre { font-family: ui-monospace, monospace; font-size: .85rem; }
        pre { background: #f4f4f4; padding: .5rem; overflow-x: auto; }
        summary:focus-visible, a:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
        </style>
        </head>
        <body>
        <main>
        <h1>Reckon HTTP API</h1>
        <p>Every op of every service. The machine-readable document is <a href="/openapi.json">/openapi.json</a>
        (OpenAPI 3.1); errors are <code>application/problem+json</code> (RFC 9457).</p>
        <div id="ops">Loading…</div>
        </main>
        <script type="module">
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
        </script>
        </body>
        </html>
        """
}
