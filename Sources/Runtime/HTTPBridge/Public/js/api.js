// Calls Reckon's ops through reckon-http: POST /v1/{service}/{op} with the arguments as JSON. A problem
// (RFC 9457, with Reckon's code, message and field) is thrown as an ApiError. `unavailable` (503) and
// `resource_exhausted` (429) are asked again on their own after Retry-After, with a banner saying so, and so is a
// call that got no answer at all, unless the device says it is offline: then it fails at once. A call that got no
// answer is thrown with status 0.
import { t } from "./i18n.js";
import { banner } from "./ui.js";

/** A refused call: the problem's code, message and field, and the HTTP status. */
export class ApiError extends Error {
  constructor(problem, status) {
    super(problem.message || problem.detail || `HTTP ${status}`);
    this.code = problem.code || "internal";
    this.field = problem.field || null;
    this.details = problem.details || null;
    this.status = status;
  }
}

const retried = new Set([429, 503]);
const attempts = 6;
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** The op's result; throws ApiError. `token` is a ledger session, `key` an Idempotency-Key for writes; `signal` (an
 * AbortSignal) gives the call up, thrown as `cancelled`. */
export async function call(service, op, args = {}, { token, key, signal } = {}) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  for (let attempt = 1; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`/v1/${service}/${op}`, { method: "POST", headers, body: JSON.stringify(args), signal });
    } catch {
      if (signal?.aborted) throw new ApiError({ code: "cancelled", message: "given up" }, 0);
      if (!navigator.onLine) throw new ApiError({ code: "unavailable", message: "This device is offline." }, 0);
      response = null;
    }
    if (response && response.ok) {
      banner.clear();
      const type = response.headers.get("Content-Type") || "";
      return type.includes("json") ? response.json() : response.text();
    }
    if (response && !retried.has(response.status)) {
      throw new ApiError(await problemOf(response), response.status);
    }
    if (attempt === attempts) {
      banner.show(t("Reckon cannot be reached just now. Try again in a moment."));
      throw new ApiError(response ? await problemOf(response) : { code: "unavailable" }, response?.status ?? 0);
    }
    const wait = Math.min(30, Number(response?.headers.get("Retry-After")) || attempt);
    banner.show(response?.status === 429
      ? t("Too many requests: trying again in {wait} s.", { wait })
      : t("Reckon is busy or restarting: trying again in {wait} s.", { wait }));
    await sleep(wait);
  }
}

async function problemOf(response) {
  try {
    return await response.json();
  } catch {
    return { code: "internal", message: `HTTP ${response.status}` };
  }
}
