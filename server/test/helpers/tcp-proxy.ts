import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP relay to a database server that a test can cut (as if the server stopped) and restore. */
export interface TcpProxy {
  port: number;
  /** Closes every relayed connection and stops listening: connecting is refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Holds every byte in both directions (as if the database hung) until `resume`. */
  stall(): void;
  resume(): void;
}

export const startTcpProxy = async (targetHost: string, targetPort: number): Promise<TcpProxy> => {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let stalled = false;
  const held: (() => void)[] = [];
  const forward = (to: Socket) => (chunk: Buffer) => {
    if (stalled) held.push(() => to.write(chunk));
    else to.write(chunk);
  };

  const relay = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    sockets.add(client);
    sockets.add(upstream);
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
  };

  const listen = () =>
    new Promise<void>((done, fail) => {
      const next = createServer(relay);
      next.once('error', fail);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        done();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      const current = server;
      server = null;
      if (current) await new Promise<void>((done) => current.close(() => done()));
    },
    restore: listen,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const write of held.splice(0)) write();
    },
  };
};
