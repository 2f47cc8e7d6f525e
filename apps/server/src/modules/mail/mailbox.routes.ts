import type { FastifyPluginAsync } from 'fastify';
import { NoQuerySchema } from '@croupier/shared/api/primitives';
import type { AppDeps } from '../../app.ts';
import { notFound } from '../../lib/errors.ts';
import { parseQuery } from '../../http/validate.ts';
import { latestOutboxMessages, type OutboxRow } from './mail.repository.ts';
import { escapeHtml } from './mail.templates.ts';

const MAILBOX_SIZE = 50;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
function toJson(row: OutboxRow) {
  return {
    id: row.id,
    to: row.to,
    channel: row.channel,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    error: row.error,
    links: row.text.match(URL_PATTERN) ?? [],
  };
}

/** Escapes the text, then turns each URL into a link (URLs are matched on the raw text first). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

function page(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (r) => `<article>
  <h2>${escapeHtml(r.subject)}</h2>
  <p class="meta">#${r.id} · ${r.channel === 'sms' ? 'SMS' : 'e-mail'} to ${escapeHtml(r.to)} · ${r.createdAt.toISOString()}${r.sentAt ? ' · delivered by SMTP' : ''}${r.error ? ` · <strong>failed: ${escapeHtml(r.error)}</strong>` : ''}</p>
  <pre>${linkify(r.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Croupier dev mailbox</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}h2{font-size:1.1rem;margin:.2rem 0}.meta{color:#555;font-size:.85rem;margin:0}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body>
<h1>Dev mailbox</h1>
<p>The latest ${MAILBOX_SIZE} messages of the outbox (e-mail and text messages), newest first. This page exists only on development and demo installs (DEV_MAILBOX).</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/**
 * Development mailbox: shows what the app mailed (confirmation and reset links included), so a
 * local install or the embedded demo works without an SMTP server. Off (404) unless DEV_MAILBOX:
 * on a public site it would leak every player's links.
 */
export const mailboxRoutes: FastifyPluginAsync<AppDeps> = async (app, { env, database }) => {
  // Every answer, the 404 and 400 included: what it shows are players' sign-in links.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addHook('onRequest', async () => {
    if (!env.DEV_MAILBOX) throw notFound();
  });

  app.get('/dev/mailbox.json', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const rows = await latestOutboxMessages(database.db, MAILBOX_SIZE);
    reply.header('cache-control', 'no-store');
    return rows.map(toJson);
  });

  app.get('/dev/mailbox', async (request, reply) => {
    parseQuery(NoQuerySchema, request);
    const rows = await latestOutboxMessages(database.db, MAILBOX_SIZE);
    reply
      .header('cache-control', 'no-store')
      // Mail text is player input: no script may ever run on this page.
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      )
      .type('text/html; charset=utf-8');
    return page(rows);
  });
};
