import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/**
 * The embedded database's PostgreSQL wire-protocol server (docs/decisions/0016-embedded-database-in-a-worker.md).
 * It runs in the database's worker thread and lets any number of node-postgres connections
 * share the one PGlite session:
 *
 * - Each connection's messages are cut into batches that end at Sync, Query or Flush, and a
 *   batch runs whole: another connection's Parse never lands between this one's Parse and Bind.
 * - A connection inside a transaction (ReadyForQuery 'T' or 'E'), or between a Flush and its
 *   Sync, keeps PGlite to itself until it is idle again; the others queue, first come first served.
 * - Named prepared statements are renamed per connection (`c<id>_<name>`), since every
 *   connection shares PGlite's one namespace, and are dropped when the connection closes.
 * - A connection that closes inside a transaction is rolled back; one that stays idle inside a
 *   transaction longer than `idleInTransactionMs` is cut, as PostgreSQL's
 *   idle_in_transaction_session_timeout does.
 * - The listener is on loopback only and asks for a password made for this process.
 */

/**
 * What the server needs of PGlite. Batches go through `execProtocolRawStream`: PGlite's
 * `execProtocolRaw` (0.5.16) also parses every reply into message objects and keeps them all in
 * a list it never empties, which grew the thread's heap by about 80 MB per 300,000 rows
 * (docs/decisions/0019-api-memory.md). The stream hands over the raw bytes and keeps nothing.
 */
export interface WireBackend {
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData(data: Uint8Array): void }): Promise<void>;
}

export interface WireServerOptions {
  password: string;
  idleInTransactionMs: number;
  /** A connection's fatal protocol error or PGlite's failure: reported, never thrown. */
  onError?(err: Error): void;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** PostgreSQL's own limit on one message. */
const MAX_MESSAGE = 1 << 30;

const READY_FOR_QUERY = 0x5a; // 'Z'
const enum Msg {
  Parse = 0x50, // 'P'
  Bind = 0x42, // 'B'
  Describe = 0x44, // 'D'
  Close = 0x43, // 'C'
  Execute = 0x45, // 'E'
  Sync = 0x53, // 'S'
  Flush = 0x48, // 'H'
  Query = 0x51, // 'Q'
  Terminate = 0x58, // 'X'
  Password = 0x70, // 'p'
}

function message(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');

function errorResponse(code: string, text: string): Buffer {
  return message(
    0x45,
    Buffer.concat([cstring('SFATAL'), cstring('VFATAL'), cstring(`C${code}`), cstring(`M${text}`), Buffer.from([0])]),
  );
}

/** A startup packet as node-postgres sends it: protocol 3.0 and parameters. */
export function startupPacket(params: Record<string, string>): Buffer {
  const body = Buffer.concat([
    ...Object.entries(params).flatMap(([k, v]) => [cstring(k), cstring(v)]),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(8);
  head.writeInt32BE(body.length + 8, 0);
  head.writeInt32BE(PROTOCOL_3, 4);
  return Buffer.concat([head, body]);
}

/** The name field that starts at `at` (a C string), and where it ends. */
function readName(m: Buffer, at: number): { name: string; end: number } {
  const end = m.indexOf(0, at);
  if (end < 0) throw new Error('malformed message: unterminated name');
  return { name: m.toString('utf8', at, end), end };
}

/** `m` with the C string at `at` replaced by `name`. */
function withName(m: Buffer, at: number, end: number, name: string): Buffer {
  return message(m[0]!, Buffer.concat([m.subarray(5, at), cstring(name), m.subarray(end + 1)]));
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private batch: Buffer[] = [];
  /** Complete batches waiting for their turn, each with the type of its last message. */
  readonly batches: { bytes: Buffer; last: number }[] = [];
  /** Named statements this connection prepared, by their name inside PGlite. */
  readonly statements = new Set<string>();
  state: 'startup' | 'password' | 'ready' | 'closed' = 'startup';
  /** Last ReadyForQuery status: 'I' idle, 'T' in a transaction, 'E' in a failed one. */
  status = 'I';
  /** Between a Flush and its Sync: the extended query is not over. */
  midQuery = false;
  queued = false;
  idleTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly id: number,
    readonly socket: net.Socket,
  ) {}

  get holdsBackend() {
    return this.status !== 'I' || this.midQuery;
  }

  /** Renames a client's statement or portal name into this connection's own. */
  private own(name: string) {
    return name === '' ? name : `c${this.id}_${name}`;
  }

  /**
   * Takes bytes from the socket; answers the handshake itself and returns true when a new
   * batch is ready to run.
   */
  receive(data: Buffer, server: WireServer): boolean {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    let ready = false;
    while (this.state !== 'closed') {
      if (this.state === 'startup') {
        if (this.buffer.length < 8) break;
        const len = this.buffer.readInt32BE(0);
        if (len < 8 || len > 10_000) {
          this.fail('08P01', 'invalid startup packet');
          break;
        }
        if (this.buffer.length < len) break;
        const code = this.buffer.readInt32BE(4);
        this.buffer = this.buffer.subarray(len);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          this.socket.write('N');
        } else if (code === CANCEL_REQUEST) {
          // PGlite runs one statement at a time to the end: there is nothing to cancel.
          this.close();
        } else if (code === PROTOCOL_3) {
          this.state = 'password';
          const ask = Buffer.alloc(4);
          ask.writeInt32BE(3, 0); // AuthenticationCleartextPassword
          this.socket.write(message(0x52, ask));
        } else {
          this.fail('08P01', 'unsupported protocol');
        }
        continue;
      }
      if (this.buffer.length < 5) break;
      const len = this.buffer.readInt32BE(1);
      if (len < 4 || len > MAX_MESSAGE) {
        this.fail('08P01', 'invalid message length');
        break;
      }
      if (this.buffer.length < len + 1) break;
      const m = this.buffer.subarray(0, len + 1);
      this.buffer = this.buffer.subarray(len + 1);
      if (this.state === 'password') {
        if (m[0] !== Msg.Password || !server.passwordMatches(m.subarray(5, m.length - 1))) {
          this.fail('28P01', 'password authentication failed');
          break;
        }
        this.state = 'ready';
        this.socket.write(server.startupResponse);
        continue;
      }
      if (m[0] === Msg.Terminate) {
        this.close();
        break;
      }
      this.batch.push(this.rename(m));
      if (m[0] === Msg.Sync || m[0] === Msg.Query || m[0] === Msg.Flush) {
        this.batches.push({ bytes: this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch), last: m[0] });
        this.batch = [];
        ready = true;
      }
    }
    return ready && this.state === 'ready';
  }

  /** Gives named statements and portals this connection's own names. */
  private rename(m: Buffer): Buffer {
    switch (m[0]) {
      case Msg.Parse: {
        const { name, end } = readName(m, 5);
        if (!name) return m;
        this.statements.add(this.own(name));
        return withName(m, 5, end, this.own(name));
      }
      case Msg.Bind: {
        const portal = readName(m, 5);
        const statement = readName(m, portal.end + 1);
        if (!portal.name && !statement.name) return m;
        const body = Buffer.concat([
          cstring(this.own(portal.name)),
          cstring(this.own(statement.name)),
          m.subarray(statement.end + 1),
        ]);
        return message(Msg.Bind, body);
      }
      case Msg.Describe:
      case Msg.Close: {
        const { name, end } = readName(m, 6);
        if (!name) return m;
        if (m[0] === Msg.Close && m[5] === 0x53) this.statements.delete(this.own(name));
        return withName(m, 6, end, this.own(name));
      }
      case Msg.Execute: {
        const { name, end } = readName(m, 5);
        return name ? withName(m, 5, end, this.own(name)) : m;
      }
      default:
        return m;
    }
  }

  fail(code: string, text: string) {
    if (this.socket.writable) this.socket.end(errorResponse(code, text));
    this.close();
  }

  close() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.idleTimer);
    this.socket.destroy();
  }
}

export class WireServer {
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  /** Connections with a batch to run, in the order they asked. */
  private readonly waiting: Connection[] = [];
  /** Closed connections whose transaction or statements are still in PGlite. */
  private readonly leftovers: Connection[] = [];
  /** The connection that holds PGlite (inside a transaction), if any. */
  private owner: Connection | undefined;
  private running = false;
  private nextId = 1;
  private readonly password: Buffer;
  /** What PGlite answers a startup packet: sent to every connection that logs in. */
  startupResponse = Buffer.alloc(0);

  constructor(
    private readonly backend: WireBackend,
    private readonly opts: WireServerOptions,
  ) {
    this.password = Buffer.from(opts.password, 'utf8');
    this.server = net.createServer((socket) => this.accept(socket));
  }

  passwordMatches(given: Buffer) {
    return given.length === this.password.length && timingSafeEqual(given, this.password);
  }

  /** Logs PGlite in once, then listens on a free loopback port; resolves with the port. */
  async listen(): Promise<number> {
    // Once, and bounded: PGlite answers a startup packet apart from the stream.
    this.startupResponse = Buffer.from(
      await this.backend.execProtocolRaw(startupPacket({ user: 'postgres', database: 'postgres' })),
    );
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Stops accepting, cuts every connection and waits until PGlite is left idle. */
  async close() {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const c of this.connections) c.close();
    await closed;
    while (this.running || this.leftovers.length) {
      await new Promise((r) => setImmediate(r));
      void this.drain();
    }
  }

  private accept(socket: net.Socket) {
    const c = new Connection(this.nextId++, socket);
    this.connections.add(c);
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => {
      let ready = false;
      try {
        ready = c.receive(data, this);
      } catch (err) {
        c.fail('08P01', (err as Error).message);
      }
      if (ready) {
        clearTimeout(c.idleTimer);
        this.enqueue(c);
        void this.drain();
      }
    });
    socket.on('error', () => c.close());
    socket.on('close', () => {
      c.close();
      this.connections.delete(c);
      this.leave(c);
    });
  }

  /** A closed connection: what it left in PGlite is cleaned up in turn. */
  private leave(c: Connection) {
    c.batches.length = 0;
    if (this.leftovers.includes(c) || (this.owner !== c && !c.statements.size)) return;
    this.leftovers.push(c);
    void this.drain();
  }

  private enqueue(c: Connection) {
    if (c.queued) return;
    c.queued = true;
    this.waiting.push(c);
  }

  /** Runs waiting batches one at a time; the owner of an open transaction goes alone. */
  private async drain() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        // A closed connection's leftovers go first: its own open transaction at once, its
        // statements when nobody holds PGlite.
        const gone = this.leftovers.findIndex((c) => this.owner === c || !this.owner);
        if (gone >= 0) {
          await this.cleanUp(this.leftovers.splice(gone, 1)[0]!);
          continue;
        }
        let c: Connection | undefined;
        if (this.owner) {
          c = this.owner;
          if (!c.batches.length) break;
        } else {
          c = this.waiting.shift();
          if (!c) break;
          c.queued = false;
          if (!c.batches.length) continue;
        }
        await this.run(c, c.batches.shift()!);
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs `bytes` in PGlite and returns its whole reply. */
  private async exec(bytes: Uint8Array): Promise<Buffer> {
    const chunks: Buffer[] = [];
    // Each chunk is a view of PGlite's memory, reused by the next one: copied at once.
    await this.backend.execProtocolRawStream(bytes, { onRawData: (data) => chunks.push(Buffer.from(data)) });
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  private async run(c: Connection, batch: { bytes: Buffer; last: number }) {
    let reply: Buffer;
    try {
      reply = await this.exec(batch.bytes);
    } catch (err) {
      // PGlite itself failed (a failing statement answers ErrorResponse instead).
      this.opts.onError?.(err as Error);
      c.fail('XX000', 'the embedded database failed');
      return;
    }
    const n = reply.length;
    if (n >= 6 && reply[n - 6] === READY_FOR_QUERY && reply[n - 2] === 5 && reply[n - 3] === 0) {
      c.status = String.fromCharCode(reply[n - 1]!);
    }
    c.midQuery = batch.last === Msg.Flush;
    if (c.holdsBackend) this.owner = c;
    if (c.state === 'closed') {
      this.leave(c);
      return;
    }
    if (n) c.socket.write(reply);
    if (c.holdsBackend) {
      if (!c.batches.length) this.startIdleTimer(c);
    } else {
      if (this.owner === c) this.owner = undefined;
      if (c.batches.length) this.enqueue(c);
    }
  }

  private startIdleTimer(c: Connection) {
    clearTimeout(c.idleTimer);
    c.idleTimer = setTimeout(() => {
      if (this.owner === c && !c.batches.length) {
        c.fail('25P03', 'terminating connection due to idle-in-transaction timeout');
      }
    }, this.opts.idleInTransactionMs);
    c.idleTimer.unref();
  }

  /** Rolls back what a closed connection left open and drops its statements. */
  private async cleanUp(c: Connection) {
    const parts: Buffer[] = [];
    if (this.owner === c) {
      this.owner = undefined;
      parts.push(message(Msg.Sync, Buffer.alloc(0)), message(Msg.Query, cstring('ROLLBACK')));
    }
    for (const name of c.statements) parts.push(message(Msg.Close, Buffer.concat([Buffer.from('S'), cstring(name)])));
    parts.push(message(Msg.Sync, Buffer.alloc(0)));
    c.statements.clear();
    try {
      await this.exec(Buffer.concat(parts));
    } catch (err) {
      this.opts.onError?.(err as Error);
    }
  }
}
