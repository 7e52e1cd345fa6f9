import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** npm rewrites this file at every install, so its age tells whether node_modules matches the manifests. */
const INSTALLED_MARKER = join('node_modules', '.package-lock.json');
const WORKSPACE_FOLDERS = ['apps', 'packages'];

function manifestFiles(root) {
  const workspaceManifests = WORKSPACE_FOLDERS.flatMap((folder) => {
    const directory = join(root, folder);
    if (!existsSync(directory)) return [];
    return readdirSync(directory)
      .map((name) => join(directory, name, 'package.json'))
      .filter((file) => existsSync(file));
  });
  return [join(root, 'package.json'), join(root, 'package-lock.json'), ...workspaceManifests].filter((file) =>
    existsSync(file),
  );
}

/** Why node_modules needs an install, or undefined when it is up to date. */
export function findStaleDependencies(root) {
  const marker = join(root, INSTALLED_MARKER);
  if (!existsSync(marker)) return 'node_modules is missing';
  const installedAt = statSync(marker).mtimeMs;
  const newer = manifestFiles(root).filter((file) => statSync(file).mtimeMs > installedAt);
  return newer.length > 0 ? `changed since the last install: ${newer.join(', ')}` : undefined;
}
