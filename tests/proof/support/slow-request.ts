import http from "node:http";
import { FORM_HEADERS } from "../../../scripts/lib/app-server.mjs";

export interface RawAnswer {
  status: number;
  location: string | null;
  body: string;
}

/**
 * A form POST that is provably in flight: it goes over a keep-alive connection the server has
 * already accepted (a /healthz round trip first), its headers and all but the last byte of its
 * body are sent at once, and the last byte only on `finish()`. Until then the server cannot
 * answer it, so whatever happens meanwhile (a SIGTERM) happens while it is being handled.
 */
export async function startSlowPost(base: string, path: string, cookie: string, body: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise<void>((resolve, reject) => {
    http.get(`${base}/healthz`, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject);
  });
  let request!: http.ClientRequest;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    request = http.request(`${base}${path}`, {
      method: "POST",
      agent,
      headers: { ...FORM_HEADERS, Cookie: cookie, "Content-Length": Buffer.byteLength(body) },
    });
    request.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, body: text }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, -1));
  request.flushHeaders();
  return {
    answer: answer.finally(() => agent.destroy()),
    finish: () => void request.end(body.slice(-1)),
  };
}
