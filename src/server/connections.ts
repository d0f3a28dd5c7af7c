/**
 * The Node server's connections, as a shutdown sees them (server.mjs). Node's own
 * `closeIdleConnections` leaves a connection whose request never finished arriving: a client that
 * sent half its headers or half its body and went quiet (a phone losing its signal, or someone
 * doing it on purpose) held every shutdown for its whole grace period. Such a connection is cut
 * once no byte has come in for `stallMs`; a request still sending (an upload on a slow line) or
 * whose answer is being prepared is waited for.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

type State = { request?: IncomingMessage; bytesRead: number; quietSince: number };

export function trackConnections(server: Server, { stallMs = 2000, now = () => Date.now() } = {}) {
  const sockets = new Map<Socket, State>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { bytesRead: 0, quietSince: now() });
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (request: IncomingMessage) => {
    const state = sockets.get(request.socket);
    if (!state) return;
    state.request = request;
    request.once('close', () => {
      if (state.request === request) state.request = undefined;
    });
  });

  return {
    /** Cuts the connections that are not needed by a request under way and have gone quiet. */
    closeStalled() {
      const time = now();
      for (const [socket, state] of sockets) {
        if (state.request?.complete) continue; // the whole request is in: its answer is coming
        if (socket.bytesRead !== state.bytesRead) {
          state.bytesRead = socket.bytesRead;
          state.quietSince = time;
        } else if (time - state.quietSince >= stallMs) socket.destroy();
      }
    },
  };
}
