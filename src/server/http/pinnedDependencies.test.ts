import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { afterAll, describe, expect, it } from 'vitest';

// package.json "overrides" pins cookie@1 (for @fastify/cookie and light-my-request) and
// content-disposition@2 (for @fastify/static): their next majors want Node >= 22 (scripts/check-engines.mjs).
// These are the plugins' own features that use them, over real HTTP.

const dir = mkdtempSync(join(tmpdir(), 'hotdesk-pinned-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plugins on the pinned cookie and content-disposition', () => {
  it('resolves the pinned majors', () => {
    // The copy the plugin itself loads (its entry file, then that package's package.json).
    const fromPlugin = (plugin: string, dep: string) => {
      const entry = createRequire(createRequire(import.meta.url).resolve(`${plugin}/package.json`)).resolve(dep);
      const pkgFile = join(entry.slice(0, entry.lastIndexOf(`node_modules/${dep}/`)), 'node_modules', dep, 'package.json');
      return (JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string }).version;
    };
    expect(fromPlugin('@fastify/cookie', 'cookie')).toMatch(/^1\./);
    expect(fromPlugin('light-my-request', 'cookie')).toMatch(/^1\./);
    expect(fromPlugin('@fastify/static', 'content-disposition')).toMatch(/^2\./);
  });

  it('@fastify/static serves files and downloads with a Content-Disposition; @fastify/cookie sets and reads cookies', async () => {
    writeFileSync(join(dir, 'plan é.txt'), 'floor plan');
    const app = fastify();
    await app.register(fastifyCookie, { secret: 'a secret of sufficient length!!' });
    await app.register(fastifyStatic, { root: dir, prefix: '/files/' });
    app.get('/download', (_req, reply) => reply.download('plan é.txt', 'Plan é 1.txt'));
    app.get('/set', (_req, reply) =>
      reply.setCookie('s', 'a b;c', { path: '/', httpOnly: true, sameSite: 'strict' }).setCookie('signed', 'v', { signed: true }).send('ok'));
    app.get('/read', (req) => ({ s: req.cookies.s, signed: req.unsignCookie(req.cookies.signed ?? '').value }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const file = await fetch(`${base}/files/${encodeURIComponent('plan é.txt')}`);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe('floor plan');

      const download = await fetch(`${base}/download`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Plan ? 1.txt"; filename*=UTF-8''Plan%20%C3%A9%201.txt`);

      const set = await fetch(`${base}/set`);
      const cookies = set.headers.getSetCookie();
      expect(cookies[0]).toBe('s=a%20b%3Bc; Path=/; HttpOnly; SameSite=Strict');
      const jar = cookies.map((c) => c.split(';')[0]).join('; ');
      const read = await fetch(`${base}/read`, { headers: { cookie: jar } });
      expect(await read.json()).toEqual({ s: 'a b;c', signed: 'v' });

      // light-my-request (app.inject, used by the API tests) parses Set-Cookie with the pinned cookie too.
      const injected = await app.inject({ method: 'GET', url: '/set' });
      expect(injected.cookies.find((c) => c.name === 's')).toMatchObject({ value: 'a b;c', httpOnly: true, sameSite: 'Strict' });
    } finally {
      await app.close();
    }
  });
});
