/**
 * nginx in front of an app as docs/operations.md asks a deployment to put it: HTTPS with HTTP/2 to the
 * browser, kept-alive HTTP/1.1 to Hotdesk, no compression of its own (Hotdesk compresses). For the
 * Lighthouse bench (BENCH_LH_VIA=h2): a browser talks to a proxy like this one in production, not to
 * the app's plain HTTP/1.1 port, and Lighthouse's slow-network replay models the two differently
 * (six HTTP/1.1 connections to a host against one multiplexed HTTP/2 connection).
 *
 * Needs Debian's nginx (`apt-get install nginx-light`) and the openssl command, both run as child
 * processes in a temporary folder (a self-signed certificate for 127.0.0.1; the browser is told to
 * accept it). Stopped with stop(), or when this process exits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:https';
import { freePort } from '../src/server/db/embedded.js';

const NGINX = '/usr/sbin/nginx';

export interface NginxProxy { origin: string; stop: () => Promise<void> }

export async function startNginxH2Proxy(appPort: number): Promise<NginxProxy> {
  if (!existsSync(NGINX)) throw new Error(`BENCH_LH_VIA=h2 needs nginx at ${NGINX} (apt-get install nginx-light)`);
  const dir = mkdtempSync(join(tmpdir(), 'hotdesk-nginx-'));
  chmodSync(dir, 0o755); // nginx's workers run as www-data when started by root
  const cert = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  if (cert.status !== 0) throw new Error('openssl could not make the proxy\'s certificate');
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(join(dir, 'nginx.conf'), `
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream hotdesk { server 127.0.0.1:${appPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${join(dir, 'cert.pem')};
    ssl_certificate_key ${join(dir, 'key.pem')};
    gzip off;
    location / {
      proxy_pass http://hotdesk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`);
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `https://127.0.0.1:${port}`;
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      await new Promise<void>((done) => { nginx.once('exit', () => done()); nginx.kill('SIGQUIT'); });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => nginx.kill('SIGKILL'));
  // Up when the app answers through it (the certificate is our own, so this one check does not verify it).
  for (let i = 0; ; i++) {
    if (await answers(`${origin}/readyz`)) break;
    if (i > 100 || nginx.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not come up on ${origin}: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, stop };
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(url, { rejectUnauthorized: false }, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false));
  });
}
