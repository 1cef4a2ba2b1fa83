import type { AdvancedSettings } from '#app/schemas/settings.ts';
import { onPublicCacheCleared, setHtmlCacheTtl } from '#app/services/cache/html-cache.server.ts';

import { DEFAULT_ADVANCED, getAdvancedSettings } from './settings.server.ts';

/**
 * The Advanced settings the server consults on every request (maintenance mode, cache TTL, debug
 * mode), held in memory so the cache-hit path never waits for the database. Reloaded whenever the
 * public cache is cleared, which every settings write does, in every worker process.
 */
let current: AdvancedSettings | null = null;
let loading: Promise<AdvancedSettings> | null = null;

export function loadSiteBehaviour(): Promise<AdvancedSettings> {
  loading ??= getAdvancedSettings()
    .then((settings) => {
      current = settings;
      setHtmlCacheTtl(settings.cacheTtl);
      return settings;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The settings as last read (the defaults until the first read). */
export function siteBehaviour(): AdvancedSettings {
  return current ?? DEFAULT_ADVANCED;
}

/** True once the settings have been read at least once in this process. */
export function siteBehaviourLoaded(): boolean {
  return current !== null;
}

onPublicCacheCleared(() => {
  loadSiteBehaviour().catch((error: unknown) => console.error('Could not reload the Advanced settings:', error));
});
