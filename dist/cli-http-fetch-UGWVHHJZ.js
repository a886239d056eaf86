import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import "./cli-chunk-K5RSY7YU.js";

// src/adapters/http-fetch.ts
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
var NO_BODY = /* @__PURE__ */ new Set([204, 205, 304]);
var IDLE_MS = 4e3;
function createHttpFetch() {
  const options = { keepAlive: true, timeout: IDLE_MS };
  const agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
  return (input, init = {}) => {
    const body = init.body;
    if (typeof input !== "string" && !(input instanceof URL) || body != null && typeof body !== "string")
      return fetch(input, init);
    const url = new URL(input);
    if (url.protocol !== "http:" && url.protocol !== "https:") return fetch(input, init);
    return new Promise((resolve, reject) => {
      const signal = init.signal ?? null;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const headers = {};
      new Headers(init.headers).forEach((value, name) => headers[name] = value);
      if (body != null) headers["content-length"] = String(Buffer.byteLength(body));
      const secure = url.protocol === "https:";
      let settled = false;
      const settle = (act) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        act();
      };
      const onResponse = (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("error", (error) => settle(() => reject(error)));
        res.on("end", () => {
          if (!res.complete) {
            settle(
              () => reject(
                Object.assign(new Error("the connection closed before the reply was complete"), { code: "ECONNRESET" })
              )
            );
            return;
          }
          const status = res.statusCode ?? 0;
          const pairs = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
          settle(() => {
            try {
              resolve(
                new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                  status,
                  statusText: res.statusMessage ?? "",
                  headers: pairs
                })
              );
            } catch (error) {
              reject(error);
            }
          });
        });
      };
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        { method: init.method ?? "GET", headers, agent: secure ? agents.https : agents.http },
        onResponse
      );
      const onAbort = () => {
        req.destroy();
        settle(() => reject(abortError()));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      req.on("error", (error) => settle(() => reject(error)));
      req.end(body ?? void 0);
    });
  };
}
function abortError() {
  const error = new Error("This operation was aborted");
  error.name = "AbortError";
  return error;
}
export {
  createHttpFetch
};
