// A real SMTP server on loopback (npm smtp-server) that keeps every message it receives, for
// tests that check what people get by e-mail. Start it, pass `smtpUrl` to startServer's
// `--smtp-url`, then `await sink.waitFor((m) => m.to.includes(address))`.
import { SMTPServer } from 'smtp-server';

/** Decodes quoted-printable and base64 text parts enough to search them. */
export function decodeMime(raw) {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  let text = Buffer.from(qp, 'latin1').toString('utf8');
  for (const block of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    text += '\n' + Buffer.from(block[1].replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return text;
}

export async function startSmtpSink() {
  const messages = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = {
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeMime(raw),
        };
        messages.push(message);
        for (const waiter of [...waiters]) {
          if (waiter.match(message)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(message);
          }
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no matching e-mail within ${timeoutMs} ms; received ${messages.length}`));
          }
        }, timeoutMs);
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
