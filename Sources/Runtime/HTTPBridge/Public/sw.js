// The app shell offline. Every same-origin GET but the API (/v1/) is asked of the network first, so an upgrade shows
// at once, and the answer is kept; when the network cannot answer, the copy kept is. The page hands over what it
// loaded before this worker controlled it (a `keep` message), so the first visit's shell is kept too. The household's
// data offline is the page's own business (js/apps/household/offline.js): API answers are never kept here.
const shell = "reckon-shell";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(shell).then((cache) => cache.add("/")));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const keep = (event.data?.keep ?? []).filter((path) => kept(new URL(path, location.origin)));
  event.waitUntil(caches.open(shell).then((cache) => cache.addAll(keep)));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !kept(url)) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(shell).then((cache) => cache.put(event.request, copy)));
    }
    return response;
  }).catch(async () => (await caches.match(event.request, { ignoreSearch: true }))
    ?? (event.request.mode === "navigate" ? caches.match("/") : Response.error())));
});

/** Whether `url` is part of the shell: this origin's, and not the API's or the live streams'. */
function kept(url) {
  return url.origin === location.origin && !url.pathname.startsWith("/v1/");
}
