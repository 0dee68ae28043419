// nginx in front of the load benchmark's instances (bench/load.mjs): Debian's nginx run as the current user with
// its own prefix, configuration, logs and temporary files under one folder, in the foreground (`daemon off`),
// on a free loopback port. The proxying is deploy/nginx/cartela.conf's (HTTP/1.1 kept alive to the instances,
// X-Forwarded-For for TRUST_PROXY=1, round robin, no gzip), without TLS and without access log.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './lib.mjs';

export const NGINX = process.env.LOAD_NGINX ?? '/usr/sbin/nginx';

/**
 * Starts nginx with `prefix` as its folder, proxying to `upstreams` (ports on 127.0.0.1), `keepalive` idle
 * connections kept per worker. Resolves with { port, child, pids(), stop() } once it answers.
 */
export async function startNginx({ prefix, upstreams, keepalive = 16, workers = 'auto' }) {
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  const errorLog = path.join(prefix, 'error.log');
  const temp = (name) => path.join(prefix, 'temp', name);
  // As root nginx would hand its workers to `nobody`, who may not write the temporary folders here.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  writeFileSync(
    conf,
    `${user}worker_processes ${workers};
daemon off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
    access_log off;
    server_tokens off;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    upstream cartela {
${upstreams.map((p) => `        server 127.0.0.1:${p};`).join('\n')}
        keepalive ${keepalive};
        keepalive_timeout 60s;
    }
    server {
        listen 127.0.0.1:${port};
        gzip off;
        client_max_body_size 1m;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_connect_timeout 2s;
        proxy_send_timeout 60s;
        proxy_read_timeout 60s;
        proxy_next_upstream error;
        proxy_next_upstream_tries 2;
        location = /nginx-ready { return 204; }
        location ^~ /api/metrics { deny all; }
        location / { proxy_pass http://cartela; }
    }
}
`,
  );
  // -e: the error log before the configuration is read (the compiled-in /var/log/nginx may not be writable).
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT'); // graceful: the workers finish what they have, then go
      setTimeout(() => child.kill('SIGTERM'), 3_000).unref();
      setTimeout(() => child.kill('SIGKILL'), 6_000).unref();
    });
  /** The master and its workers (for CPU accounting). */
  const pids = () => {
    try {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      return [child.pid, ...children];
    } catch {
      return [child.pid];
    }
  };
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    if (child.exitCode !== null) {
      let log = '';
      try {
        log = readFileSync(errorLog, 'utf8');
      } catch {}
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${log}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/nginx-ready`)).status === 204)
        return { port, child, pids, stop, errorLog };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error(`nginx did not answer in time: ${stderr}`);
}
