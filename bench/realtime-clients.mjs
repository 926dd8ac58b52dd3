// The bench's clients (bench/realtime.ts), in a worker thread so that the server's heap, measured in the main
// thread, holds only the server's side of each socket. Times are absolute (timeOrigin + now) to compare across
// threads.
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

const { url, origin, users } = workerData;
const sockets = [];
const at = () => performance.timeOrigin + performance.now();

async function open(user) {
  const ws = new WebSocket(url, { origin });
  sockets.push(ws);
  await new Promise((resolve, reject) => {
    ws.once("error", reject);
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.type === "joined") resolve();
      else if (message.type === "change")
        parentPort.postMessage({ type: "event", userId: user.id, at: at() });
    });
    ws.once("open", () => {
      ws.send(JSON.stringify({ type: "auth", token: user.token }));
      ws.send(JSON.stringify({ type: "join", channel: "connectors", user_id: user.id }));
    });
  });
}

// The server holds at most 20 not-yet-authenticated sockets per client address (issue 20): each batch
// authenticates before the next opens.
const BATCH = 20;
for (let i = 0; i < users.length; i += BATCH) await Promise.all(users.slice(i, i + BATCH).map(open));
parentPort.postMessage({ type: "joined", count: sockets.length });
parentPort.on("message", (message) => {
  if (message.type !== "close") return;
  for (const ws of sockets) ws.terminate();
  parentPort.postMessage({ type: "closed" });
});
