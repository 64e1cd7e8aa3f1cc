/// `/docs`: a readable page of the OpenAPI document, with its style and script in `Public/` (`docs.css`,
/// `js/docs.js`: the Content Security Policy allows no inline code) and nothing fetched from elsewhere: it reads
/// `/openapi.json` and lists every operation by service with its schemas.
enum DocsPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Reckon HTTP API</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="/docs.css">
        <script type="module" src="/js/docs.js"></script>
        </head>
        <body>
        <main>
        <h1>Reckon HTTP API</h1>
        <p>Every op of every service. The machine-readable document is <a href="/openapi.json">/openapi.json</a>
        (OpenAPI 3.1); errors are <code>application/problem+json</code> (RFC 9457).</p>
        <div id="ops">Loading…</div>
        </main>
        </body>
        </html>
        """
}
