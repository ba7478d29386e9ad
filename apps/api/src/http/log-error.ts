import { causeChain } from './errors.js';

/** What the logs may keep of one error in a cause chain. */
export interface LoggedCause {
  name: string;
  code?: string;
  message: string;
  /** PostgreSQL's pointers to what failed: never the values themselves. */
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * An error as the logs keep it (docs/security.md, "What is logged"): names, codes and
 * messages of the whole cause chain, with user data taken out. Drizzle's "Failed query"
 * message ends with the query's parameters (emails, phone numbers, codes): they are cut.
 * PostgreSQL quotes offending values in some messages (invalid input syntax for type
 * integer: "abc"): a quoted value after a colon is replaced. The stack of the outermost error is kept, since
 * it points at our code and holds no data.
 */
export function loggableError(err: unknown): { causes: LoggedCause[]; stack?: string } {
  const causes = causeChain(err).map((e) => {
    const x = e as Partial<Record<'name' | 'code' | 'message' | 'constraint' | 'table' | 'column', unknown>>;
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      name: text(x.name) ?? typeof e,
      code: text(x.code),
      message: scrub(text(x.message) ?? String(e)),
      constraint: text(x.constraint),
      table: text(x.table),
      column: text(x.column),
    };
  });
  // Only the frames: the first lines of a stack repeat the message, values and all.
  const frames = err instanceof Error ? (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const stack = frames.length ? frames.slice(0, 8).join('\n') : undefined;
  return { causes, stack };
}

export function scrub(message: string): string {
  return (
    message
      .replace(/\s*params:[\s\S]*$/, ' params: [not logged]')
      // Values follow a colon (for type integer: "abc"); names do not (constraint "x_check").
      .replace(/:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g, ': [value]')
      .slice(0, 1000)
  );
}
