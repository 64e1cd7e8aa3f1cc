// The Reckon SDK: `Client`, `Operations` and `Components` are generated at build time from openapi.json, a link to
// the repository's docs/openapi.json. Each named entity is one type (`Components.Schemas.Bill`).
