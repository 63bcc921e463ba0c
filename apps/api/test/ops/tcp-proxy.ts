import net from 'node:net';

export type ProxyMode = 'open' | 'refuse' | 'hang';

/**
 * Where a connection string's server listens: the Unix socket `pg` would use when `host` names a
 * folder (the embedded engine's socket), else the URL's host and port.
 */
export function upstreamOf(connectionString: string): net.NetConnectOpts {
  const url = new URL(connectionString);
  const port = Number(url.searchParams.get('port') ?? (url.port || 5432));
  const socketFolder = url.searchParams.get('host');
  if (socketFolder?.startsWith('/')) return { path: `${socketFolder}/.s.PGSQL.${String(port)}` };
  return { host: url.hostname, port };
}

/**
 * A TCP relay on a loopback port in front of a database, so a test can take the database away
 * without touching the shared server: 'refuse' drops every connection and resets new ones (the
 * database went down), 'hang' drops every connection and leaves new ones unanswered (a network
 * partition), 'open' relays again.
 */
export class TcpProxy {
  private readonly server = net.createServer((client) => {
    this.accept(client);
  });
  private readonly sockets = new Set<net.Socket>();
  private mode: ProxyMode = 'open';
  port = 0;

  constructor(private readonly upstream: net.NetConnectOpts) {}

  async start(): Promise<number> {
    await new Promise<void>((resolve) => {
      this.server.listen(0, '127.0.0.1', resolve);
    });
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    this.port = address.port;
    return this.port;
  }

  setMode(mode: ProxyMode): void {
    this.mode = mode;
    // Whatever the new mode, connections made under the old one end: after an outage the pool must
    // reconnect rather than reuse a relay that was cut or stalled.
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** The same URL with the proxy's host and port (a socket folder in the query would bypass it). */
  urlFor(connectionString: string): string {
    const url = new URL(connectionString);
    url.searchParams.delete('host');
    url.searchParams.delete('port');
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async stop(): Promise<void> {
    this.setMode('refuse');
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    if (this.mode === 'hang') return;
    const upstream = net.connect(this.upstream);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
