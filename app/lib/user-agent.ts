import { isbot } from 'isbot';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short, human name for the browser behind a User-Agent: "Firefox on Windows". */
export function describeUserAgent(userAgent: string): string {
  const head = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(head))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(head))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/**
 * Self-declared robots and scripts: crawlers name themselves ("Googlebot", "bingbot", "AhrefsBot"…), link previews and
 * HTTP libraries give their own name. A missing User-Agent is no browser either. One alternation of plain words,
 * matched on the first 512 characters, so it runs in linear time.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|skypeuripreview|bitlybot|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|libwww|node-fetch|undici|axios\/|postman|insomnia|httpie|phantomjs/i;

/** Our own list, then isbot's (kept up to date by its maintainers: AI crawlers, headless browsers, feed readers…). */
export function isKnownBot(userAgent: string | null | undefined): boolean {
  const head = (userAgent ?? '').slice(0, 512).trim();
  return head === '' || BOT_PATTERN.test(head) || isbot(head);
}
