// `ws` clients on a project's live board and a workspace's hub for the bench suites (Node 20 has no global WebSocket):
// it connects with the protocol's hello, and resolves watchers when a "changes" message holds
// their marker. A suite may read more out of each changes message with `onChanges`.
import { readFileSync } from "node:fs";
import WebSocket from "ws";

/** The live protocol's version, read from durable-objects/protocol.ts so the bench never drifts from it. */
export const PROTOCOL_VERSION = Number(
  /export const PROTOCOL_VERSION = (\d+);/.exec(readFileSync(new URL("../../durable-objects/protocol.ts", import.meta.url), "utf8"))?.[1],
);
const CHANGES_PREFIX = '{"type":"changes"';

/**
 * Opens a socket on `wsUrl` as the signed-in `cookie`; resolves once the board says connected.
 * `onChanges(text, board)` sees every changes message (after the watchers).
 */
export function openBoardSocket(wsUrl, cookie, onChanges) {
  return new Promise((resolve, reject) => {
    // A browser sends its page's origin; the Worker opens a cookie session's socket only from its own.
    const origin = new URL(wsUrl.replace(/^ws/, "http")).origin;
    const socket = new WebSocket(wsUrl, { headers: { cookie, origin } });
    const board = { socket, watchers: new Map() };
    const timer = setTimeout(() => reject(new Error("socket did not connect within 10 s")), 10_000);
    socket.on("message", (data) => {
      const text = data.toString();
      const at = performance.now();
      if (text.startsWith(CHANGES_PREFIX)) {
        for (const [marker, resolveWatcher] of board.watchers) {
          if (text.includes(marker)) {
            board.watchers.delete(marker);
            resolveWatcher(at);
          }
        }
        onChanges?.(text, board);
      } else if (text.startsWith('{"type":"connected"')) {
        clearTimeout(timer);
        // The board's clock when the socket joined: changes after it are new to this socket.
        board.connectedClock = JSON.parse(text).clock;
        resolve(board);
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("open", () => socket.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock: 0 })));
  });
}

/** When the board's socket receives a changes message holding `marker` (performance.now()). */
export const waitForMarker = (board, marker, timeoutMs) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      board.watchers.delete(marker);
      reject(new Error(`a socket did not receive ${marker} within ${timeoutMs} ms`));
    }, timeoutMs);
    board.watchers.set(marker, (at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });

/**
 * Opens a socket on a workspace's hub (`wsUrl`) as the signed-in `cookie`; resolves once the hub
 * says connected. `nextNotices(timeoutMs)` resolves with the arrival time (performance.now()) of
 * the next `notices` message.
 */
export function openHubSocket(wsUrl, cookie) {
  return new Promise((resolve, reject) => {
    const origin = new URL(wsUrl.replace(/^ws/, "http")).origin;
    const socket = new WebSocket(wsUrl, { headers: { cookie, origin } });
    const waiting = [];
    const hub = {
      socket,
      nextNotices: (timeoutMs) =>
        new Promise((resolveNotice, rejectNotice) => {
          const timer = setTimeout(() => rejectNotice(new Error(`no hub notice within ${timeoutMs} ms`)), timeoutMs);
          waiting.push((at) => {
            clearTimeout(timer);
            resolveNotice(at);
          });
        }),
    };
    const timer = setTimeout(() => reject(new Error("hub socket did not connect within 10 s")), 10_000);
    socket.on("message", (data) => {
      const text = data.toString();
      const at = performance.now();
      if (text.startsWith('{"type":"notices"')) waiting.shift()?.(at);
      else if (text.startsWith('{"type":"connected"')) {
        clearTimeout(timer);
        resolve(hub);
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("open", () => socket.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock: 0 })));
  });
}
