// The repository explains itself: a newcomer can open everything the code and the documents
// cite. Code and docs cite only files in the repository (docs/PRODUCT.md for what the product
// does), every `docs/X.md#section` they cite exists, and docs/DEVELOPING.md names only files
// and exported names that exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(path.join(root, f)));
const TEXT = /\.(ts|tsx|mjs|cjs|js|md|sql|css|html|yml|sh)$/;
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const textFiles = tracked.filter((f) => TEXT.test(f) || f.startsWith('.ci/'));
const self = path.relative(root, import.meta.filename);

// Built from pieces so this file does not match itself.
const OUTSIDE: [RegExp, string][] = [
  [new RegExp(`\\b${'spec'} §`, 'i'), 'a section of a spec outside the repository'],
  [new RegExp(`${'product'}-spec\\.md`), 'a spec outside the repository'],
  [new RegExp(`(?<![A-Z])${'decisions'}\\.md`), 'a decisions file outside the repository'],
  [new RegExp(`\\.\\./${'shared'}/`), 'a folder outside the repository'],
  [new RegExp(`\\b${'issue'}s? #?\\d+\\b`, 'i'), "the tracker's issue numbers"],
  [
    new RegExp(`\\bthe (${'issue'}|${'brief'})(['’]s\\b| asks| says| wants)`, 'i'),
    'a tracker issue or a brief',
  ],
];

describe('what the code and the documents cite', () => {
  it('is never a file outside the repository or a tracker issue', () => {
    const found: string[] = [];
    for (const f of textFiles) {
      if (f === self) continue;
      read(f)
        .split('\n')
        .forEach((line, i) => {
          for (const [re, what] of OUTSIDE)
            if (re.test(line)) found.push(`${f}:${i + 1} cites ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('is a section that exists when it names one (docs/X.md#section)', () => {
    const anchorsOf = new Map<string, Set<string>>();
    const anchors = (doc: string) => {
      let set = anchorsOf.get(doc);
      if (!set) {
        const text = read(doc);
        set = new Set([...text.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]!));
        // The slugs a Markdown renderer gives headings: lower case, punctuation dropped, spaces to '-'.
        for (const m of text.matchAll(/^#{1,6} (.+)$/gm))
          set.add(
            m[1]!
              .trim()
              .toLowerCase()
              .replace(/[^\p{L}\p{N} _-]/gu, '')
              .replace(/ /g, '-'),
          );
        anchorsOf.set(doc, set);
      }
      return set;
    };
    const broken: string[] = [];
    for (const f of textFiles) {
      if (f === self) continue;
      for (const m of read(f).matchAll(/docs\/([A-Z][A-Z-]*\.md)(?:#([a-z0-9-]+))?/g)) {
        const doc = `docs/${m[1]}`;
        if (!existsSync(path.join(root, doc))) broken.push(`${f}: ${m[0]} (no such document)`);
        else if (m[2] && !anchors(doc).has(m[2])) broken.push(`${f}: ${m[0]} (no such section)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/DEVELOPING.md', () => {
  const doc = read('docs/DEVELOPING.md');
  const spans = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  // Where a path in the page may be read from: the repository, or the app it is written about.
  const bases = [
    '',
    'apps/server/src',
    'apps/server/src/db',
    'apps/web/src',
    'apps/web',
    'packages/shared/src',
  ];

  it('names only files and folders that exist', () => {
    const paths = spans
      .flatMap((s) => s.split(/[\s,()]+/))
      .filter((t) => /^[\w@.-]*\/[\w@./-]*$|^[\w.-]+\.(ts|tsx|md|cjs|mjs|json|css)$/.test(t))
      .filter((t) => !t.includes('<') && !t.startsWith('/') && !t.includes('://') && !t.startsWith('@'));
    expect(paths.length).toBeGreaterThan(20);
    const missing = paths.filter((p) => !bases.some((b) => existsSync(path.join(root, b, p))));
    expect(missing).toEqual([]);
  });

  it('names only functions, components and constants the code exports', () => {
    const exported = new Set<string>();
    for (const f of tracked.filter((f) => /\.(ts|tsx)$/.test(f))) {
      const text = read(f);
      for (const m of text.matchAll(
        /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([\w$]+)/g,
      ))
        exported.add(m[1]!);
      for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
        for (const part of m[1]!.split(','))
          exported.add(
            part
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)
              .pop()!,
          );
    }
    const names = new Set<string>();
    const contextCalls = new Set<string>();
    for (const s of spans) {
      for (const m of s.matchAll(/(?<![\w.$])(ctx\.)?([A-Za-z_$][\w$]*)((?:\.[\w$]+)*)\(/g)) {
        if (m[1]) contextCalls.add(`${m[2]}${m[3]}`);
        else names.add(m[2]!);
      }
      for (const m of s.matchAll(/<([A-Z][\w$]*)/g)) names.add(m[1]!);
      if (/^[A-Z][A-Za-z]*[a-z][A-Za-z]*$|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(s)) names.add(s);
    }
    // A setting the page names must be one the code reads from the environment.
    const settings = new Set<string>();
    for (const f of tracked.filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f)))
      for (const m of read(f).matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) settings.add(m[1]!);
    // Names of the platform or of libraries, which the page mentions beside ours.
    const notOurs = new Set(['randomUUID', 'FastifyPluginAsyncZod', 'Promise']);
    expect(names.size).toBeGreaterThan(20);
    expect([...names].filter((n) => !notOurs.has(n) && !exported.has(n) && !settings.has(n))).toEqual([]);
    // `ctx.mail.queue(...)`: `mail` is a member of AppContext, `queue` a member of its type.
    const declarations = tracked.filter((f) => /\.(ts|tsx)$/.test(f)).map(read);
    const membersOf = (typeName: string): string | undefined => {
      for (const text of declarations) {
        const at = text.search(new RegExp(`(?:interface|type) ${typeName}\\s*(?:=\\s*)?\\{`));
        if (at >= 0) return text.slice(at, text.indexOf('\n}', at));
      }
    };
    const hasMember = (body: string | undefined, name: string) =>
      !!body && new RegExp(`^\\s+(?:readonly\\s+)?${name}[<(:?]`, 'm').test(body);
    const unknownCalls = [...contextCalls].filter((call) => {
      const [member, ...rest] = call.split('.');
      let body = membersOf('AppContext');
      if (!hasMember(body, member!)) return true;
      if (rest.length === 0) return false;
      const typeName = body!.match(new RegExp(`^\\s+${member}\\??:\\s*(\\w+)`, 'm'))?.[1];
      body = typeName ? membersOf(typeName) : undefined;
      return !hasMember(body, rest[0]!);
    });
    expect(contextCalls.size).toBeGreaterThan(1);
    expect(unknownCalls).toEqual([]);
  });
});
