/**
 * Videos a page or post may embed (docs/decisions/025): a YouTube or Vimeo address on a line of its own. Both
 * the Markdown renderer (public pages) and the admin's rich editor read it here, so they agree on what is an embed.
 * Only these players are allowed, through their privacy-friendly hosts, which the Content Security Policy names.
 */
export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE =
  /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/watch\?(?:[^#\s]*&)?v=|youtu\.be\/|youtube\.com\/shorts\/)([\w-]{6,20})(?:[?&#]\S*)?$/i;
const VIMEO = /^https:\/\/(?:www\.)?vimeo\.com\/(\d{3,15})(?:[?#]\S*)?$/i;

/** The player address for a video page's address, or null when it is not one we embed. */
export function embedPlayerFor(url: string): string | null {
  const youtube = YOUTUBE.exec(url.trim());
  if (youtube) return `${EMBED_FRAME_HOSTS[0]}/embed/${youtube[1]}`;
  const vimeo = VIMEO.exec(url.trim());
  if (vimeo) return `${EMBED_FRAME_HOSTS[1]}/video/${vimeo[1]}`;
  return null;
}
