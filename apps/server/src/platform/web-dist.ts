import { readFile, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { messages } from '@ecc/contracts';
import type { FastifyReply } from 'fastify';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Shown instead of the app when apps/web/dist has no index.html. */
export const WEB_APP_NOT_BUILT_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${messages.defaultTitle}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>${messages.defaultTitle}</h1>
<p>The web app is not built. Run <code>npm run build</code> (or start with <code>npm start</code>, which builds
it when needed), then reload this page. The API under <code>/api</code> is running.</p>
</body>
</html>
`;

export interface WebDist {
  readonly directory: string;
  /** index.html of the built app, read afresh so a rebuild needs no restart; undefined when not built. */
  readIndexHtml(): Promise<string | undefined>;
  /** The dist-relative path of the file a URL path names, when it is a file inside the dist folder. */
  findFile(urlPath: string): Promise<string | undefined>;
}

export function createWebDist(directory: string): WebDist {
  const root = resolve(directory);
  return {
    directory: root,
    async readIndexHtml() {
      try {
        return await readFile(resolve(root, 'index.html'), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async findFile(urlPath) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
      if (decoded.includes('\0')) return undefined;
      const candidate = resolve(root, `.${decoded}`);
      const relativePath = relative(root, candidate);
      // Outside the folder, or a dotfile anywhere on the way (the build stamp, editor files): not served.
      if (
        relativePath === '' ||
        relativePath.startsWith('..') ||
        relativePath.split(sep).some((part) => part.startsWith('.'))
      ) {
        return undefined;
      }
      try {
        return (await stat(candidate)).isFile() ? relativePath.split(sep).join('/') : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export function sendHtml(reply: FastifyReply, html: string, statusCode = 200): FastifyReply {
  return reply.code(statusCode).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
}

export interface AppShellOptions {
  transform?: (html: string) => string;
  /** 404 for a path the app has no page for: the app still loads and shows its own 404 page. */
  statusCode?: number;
}

/** The built app's index.html, or the not-built page when there is none. */
export async function sendAppShell(
  reply: FastifyReply,
  webDist: WebDist,
  { transform = (html) => html, statusCode = 200 }: AppShellOptions = {},
) {
  const html = await webDist.readIndexHtml();
  if (html === undefined) return sendHtml(reply, WEB_APP_NOT_BUILT_HTML, 503);
  return sendHtml(reply, transform(html), statusCode);
}
