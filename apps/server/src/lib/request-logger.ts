// Each request's logger (`req.log`), made only when something is logged. Fastify gives every
// request a child of the app's logger carrying its request id; pino builds that child up
// front (its bindings serialised, a new logger object) on every request, although at the
// production level most requests log nothing of their own (about 1% of a database-free
// answer's CPU in a profile, docs/PERFORMANCE.md#api-overhead). Fastify's own
// request lines still go through it: below their level they cost a level check.
// This logger stands in for the child and builds it on the first call at an enabled level,
// so what is written is the same: the request id and the bindings, through the same pino.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** pino's level values; the app logger's own (`levelVal`) is read at each call, as pino does. */
const LEVEL = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger & { levelVal?: number };
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The child pino would have made, built once. */
  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: keyof typeof LEVEL, args: unknown[]) {
    // Below the app's level nothing is written, so no child is needed. Once made (or given
    // a level of its own), the child decides.
    if (!this.#child && (this.#parent.levelVal ?? 0) > LEVEL[level]) return;
    (this.#made()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
}

/** Fastify's `childLoggerFactory`: the request's logger, its pino child built on first use. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
