import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSmtpSink } from './smtp-sink.mjs';

let sink;

before(async () => {
  sink = await startSmtpSink();
});

after(async () => {
  await sink?.close();
});

test('the SMTP sink receives what lettre sends, decoded', async () => {
  // Exercise the sink itself with a hand-written SMTP conversation, so a failure in later
  // mail tests points at the server, not at the harness.
  const net = await import('node:net');
  const url = new URL(sink.smtpUrl);
  await new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const lines = ['EHLO test', 'MAIL FROM:<a@test>', 'RCPT TO:<sink-check@test>', 'DATA', 'Subject: =?utf-8?Q?R=C3=A9servation?=\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nR=C3=A9servation confirm=C3=A9e\r\n.', 'QUIT'];
    socket.on('data', () => {
      const next = lines.shift();
      if (next) socket.write(next + '\r\n');
    });
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  const message = await sink.waitFor((m) => m.to.includes('sink-check@test'));
  assert.match(message.text, /Réservation confirmée/);
});
