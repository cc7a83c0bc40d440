// A real SMTP server on loopback for tests of the mail queue: it records what it accepted
// and can refuse or hang on demand.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; messageId: string; raw: string };

export type TestSmtp = {
  url: string;
  received: ReceivedMail[];
  /** Asked at each MAIL FROM: answer an SMTP error code (421, 550...) to refuse that try. */
  onMailFrom: (() => number | undefined) | null;
  close(): Promise<void>;
};

function header(raw: string, name: string): string {
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw);
  return m ? m[1].trim() : '';
}

export async function startSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    received: [],
    onMailFrom: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const code = state.onMailFrom?.();
      if (code) {
        const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
          responseCode: code,
        });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        state.received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: header(raw, 'Subject'),
          messageId: header(raw, 'Message-ID'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
