import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP door in front of the gateway sandbox: closed, Kushki is down (connections refused,
 * open ones cut) while the sandbox keeps what it holds; opened again on the same port, it is
 * back. The sandbox itself keeps everything in memory, so stopping it would forget its cards.
 */
export class GatewayDoor {
  private server: net.Server | undefined;
  private readonly open = new Set<net.Socket>();
  private port = 0;
  /** The sandbox's own URL, behind the door. */
  target = '';

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async openDoor(): Promise<void> {
    const server = net.createServer((inbound) => this.forward(inbound));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async closeDoor(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.open) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private forward(inbound: net.Socket): void {
    const { port, hostname } = new URL(this.target);
    const outbound = net.connect(Number(port), hostname);
    for (const socket of [inbound, outbound]) {
      this.open.add(socket);
      socket.on('close', () => this.open.delete(socket));
      socket.on('error', () => undefined); // the other side is destroyed with it below
    }
    inbound.pipe(outbound).on('close', () => inbound.destroy());
    outbound.pipe(inbound).on('close', () => outbound.destroy());
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  }
}
