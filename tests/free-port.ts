/** A port nothing listens on now, for a server a test starts (a build's copy, the fault suite). */
import { createServer, type AddressInfo } from 'node:net';

export function freePort() {
  return new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, 'localhost', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}
