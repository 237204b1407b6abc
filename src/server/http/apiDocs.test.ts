import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/testApp.js';

// The API docs are built at their first request (apiDocs.ts, issue 19 memory): Swagger UI, its files and
// the OpenAPI document must still answer as @fastify/swagger-ui answered them, through this app's hooks.
let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.dropDatabase());

describe('API docs built on first use', () => {
  it('answers the Swagger UI page, its files (compressed, 304 on a matching ETag) and the document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-initializer.js');

    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': 'br' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.headers['content-encoding']).toBe('br'); // compressed by this app, as before
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'if-none-match': String(script.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/css/);
    expect(head.body).toBe('');

    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/settings', '/auth/login']));
    expect(Object.keys(doc.json().paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  it('answers an unknown file under /api/docs with the app\'s own 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/static/no-such-file.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('Error');
  });
});
