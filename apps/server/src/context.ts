// What every service receives: configuration and the adapters chosen for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './adapters/mail/mail.ts';
import type { Payments } from './adapters/payments/payments.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { Database, Db, DbOrTx, Tx } from './db/client.ts';
import type { Realtime } from './realtime/realtime.ts';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mail: Mailer;
  storage: Storage;
  /** Card payment provider: Stripe, or the built-in test mode. */
  payments: Payments;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Runs fn in one transaction; callbacks registered with afterCommit run once it commits. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Defers fn until tx commits (immediately when not in a transaction); dropped on rollback. */
  afterCommit(tx: DbOrTx, fn: () => void | Promise<void>): void;
  /**
   * Mails once `tx` commits (at once outside a transaction). The mail is written in `tx`, so it
   * goes out if and only if the change it reports lands, and a crash after commit cannot lose it.
   */
  sendMail(tx: DbOrTx, mail: Mail): Promise<void>;
};

export function createContext(
  parts: Omit<AppContext, 'db' | 'transaction' | 'afterCommit' | 'sendMail'>,
): AppContext {
  const pending = new WeakMap<object, Array<() => void | Promise<void>>>();
  const runAll = (callbacks: Array<() => void | Promise<void>>) => {
    for (const cb of callbacks) {
      // A failed side effect (a push, a mail) must not undo or fail the committed change.
      Promise.resolve()
        .then(cb)
        .catch((err) => parts.log.error({ err }, 'after-commit task failed'));
    }
  };
  const afterCommit: AppContext['afterCommit'] = (tx, fn) => {
    const list = pending.get(tx);
    if (list) list.push(fn);
    else runAll([fn]);
  };
  return {
    ...parts,
    db: parts.database.db,
    async transaction(fn) {
      const callbacks: Array<() => void | Promise<void>> = [];
      const result = await parts.database.db.transaction(async (tx) => {
        pending.set(tx, callbacks);
        return fn(tx as Tx);
      });
      runAll(callbacks);
      return result;
    },
    afterCommit,
    async sendMail(tx, mail) {
      await parts.mail.queue(tx, mail);
      afterCommit(tx, () => parts.mail.deliverSoon());
    },
  };
}
