/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  /** Per connection, kept across one pass of `requests` and reset when it starts again. */
  type Context = Record<string, unknown>;
  interface Request extends RawRequest {
    /** The next request of this connection, or null to skip the rest of the pass. */
    setupRequest?: (req: RawRequest, context: Context) => RawRequest | null;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  }
  /** One connection. */
  interface Client {
    /** The request being answered, while `response` is emitted (no pipelining). */
    requestIterator: { currentRequest: Request };
    setRequests(requests: Request[]): void;
    /** `request` as a request is about to be sent, before `requestIterator` moves on to it. */
    on(event: 'request' | 'timeout' | 'connError', listener: () => void): void;
  }
  interface Options {
    /** Several addresses: the connections are spread over them in turn. */
    url: string | string[];
    connections: number;
    duration: number;
    /** Seconds without an answer before a request counts as an error (10 by default). */
    timeout?: number;
    requests?: Request[];
    /** Called for each connection, in order, before it connects. */
    setupClient?: (client: Client) => void;
  }
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
  }
  export default function autocannon(opts: Options): Instance;
}
