#!/usr/bin/env node
/**
 * Run by `npm run lint`. The repository must make sense on its own: the rules code relies on are
 * written in `docs/`, and comments point there. This fails when
 *
 * 1. a file cites documents a clone does not have: the product notes the project started from
 *    (their names in FORBIDDEN below) or a sibling `../shared/` folder of notes;
 * 2. a `docs/….md` reference names a file that does not exist, or a `#anchor` after it (also the
 *    `, #other` anchors chained after it) that is no heading of that file;
 * 3. a relative Markdown link inside `docs/` names a missing file or anchor.
 *
 * Anchors follow GitHub's rule: the heading in lower case, punctuation other than `-` and `_`
 * dropped, spaces turned into hyphens, `-1`, `-2` … appended to repeats.
 *
 * `node scripts/check-doc-references.mjs [root]` prints `file:line: problem` and exits 1 on any.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = path.relative(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  fileURLToPath(import.meta.url),
);

/** Citations of documents outside the repository. Identifiers such as `SPEC_SLUGS` do not match. */
const FORBIDDEN = [
  { re: /\bSPEC\b/, why: 'cites the outside product spec' },
  { re: /\bRELIABILITY\b/, why: 'cites the outside reliability notes' },
  { re: /\bAPI-SHAPES\b/, why: 'cites the outside API-shapes notes' },
  { re: /\bSTYLE\b/, why: 'cites the outside style notes' },
  { re: /\bANCHORS\b/, why: 'cites the outside anchors notes' },
  { re: /\bARCHITECTURE\.md\b/, why: 'cites the outside architecture notes' },
  { re: /(?:\.\.\/)+shared\/(?:notes\/|[A-Z][\w-]*\.md)/, why: 'points into the sibling ../shared folder' },
  { re: /\/work\/shared\b/, why: 'points into the sibling shared folder' },
  { re: /\b(?:stack|ssr-realtime)-probe\.md\b/, why: 'cites a probe note the repository does not have' },
];

/** Files never read: generated, binary, or this script (which has to name what it forbids). */
const SKIP_EXT = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|gz|br|zip|tgz|pdf|mp3|mp4)$/i;
const SKIP_FILE = new Set(['package-lock.json', SELF]);
const SKIP_DIR = /(^|\/)(node_modules|\.git|build|dist|coverage|\.react-router|\.data)(\/|$)/;

const DOC_REF = /(?<![\w/.-])(docs\/[\w/.-]+\.md)((?:#[\w-]+)(?:(?:, | to | and )#[\w-]+)*)?/g;
const MD_LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+\.md)(#[\w-]+)?\)/g;

export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function listFiles(root) {
  try {
    const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split('\0').filter(Boolean);
  } catch {
    const found = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (SKIP_DIR.test(rel)) continue;
        if (entry.isDirectory()) walk(rel);
        else if (entry.isFile()) found.push(rel);
      }
    };
    walk('');
    return found;
  }
}

export function check(root) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) {
      const seen = new Map();
      const anchors = new Set();
      let fenced = false;
      for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
        if (heading) {
          const base = slug(heading[1]);
          const n = seen.get(base) ?? 0;
          seen.set(base, n + 1);
          anchors.add(n === 0 ? base : `${base}-${n}`);
        }
        for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
      }
      anchorCache.set(file, anchors);
    }
    return anchorCache.get(file);
  };
  const exists = (file) => fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile();
  const checkTarget = (where, file, anchorText) => {
    if (!exists(file)) {
      problems.push(`${where}: ${file} does not exist`);
      return;
    }
    for (const anchor of (anchorText ?? '').match(/#[\w-]+/g) ?? []) {
      if (!anchorsOf(file).has(anchor.slice(1))) problems.push(`${where}: ${file} has no heading ${anchor}`);
    }
  };

  for (const file of listFiles(root)) {
    if (SKIP_FILE.has(file) || SKIP_EXT.test(file) || SKIP_DIR.test(file) || !exists(file)) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (text.includes('\0')) continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      for (const { re, why } of FORBIDDEN) {
        const m = re.exec(line);
        if (m) problems.push(`${where}: "${m[0]}" ${why}; describe the rule in docs/ and point there`);
      }
      for (const m of line.matchAll(DOC_REF)) checkTarget(where, m[1], m[2]);
      if (file.startsWith('docs/') && file.endsWith('.md')) {
        for (const m of line.matchAll(MD_LINK)) {
          checkTarget(where, path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])), m[2]);
        }
      }
    });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = check(root);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} broken documentation reference(s).`);
    process.exit(1);
  }
  console.log('docs references: ok');
}
