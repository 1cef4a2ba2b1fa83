import { describe, expect, it } from 'vitest';

import { plainText, wordpressToMarkdown } from '#app/services/import/wordpress-content.server.ts';
import { wpDate } from '#app/services/import/wxr-items.ts';

const media = {
  urlFor: (url: string) => (url.includes('/wp-content/uploads/2024/03/photo') ? '/media/2026/11/photo.jpg' : null),
  attachment: (id: string) => (id === '12' ? { url: '/media/2026/11/photo.jpg', alt: 'A photo', caption: 'Its caption' } : null),
  attachedTo: (postId: string) => (postId === '5' ? [{ url: '/media/2026/11/photo.jpg', alt: 'A photo', caption: '' }] : []),
};
const convert = (html: string, postId = '1') => wordpressToMarkdown(html, postId, media);

// The conversion's edge cases beyond the real export of tests/integration/wordpress-import.test.ts.
describe('WordPress content to Markdown', () => {
  it('a caption around a linked image keeps the image (its size mapped to the original) and the caption', () => {
    const { markdown } = convert(
      '[caption id="attachment_12" width="300"]<a href="https://old.example/wp-content/uploads/2024/03/photo.jpg"><img src="https://old.example/wp-content/uploads/2024/03/photo-300x200.jpg" alt="A photo" /></a> A *star* caption[/caption]',
    );
    expect(markdown).toBe('![A photo](/media/2026/11/photo.jpg)\n*A \\*star\\* caption*');
  });

  it('a gallery without ids shows the images attached to its post; one naming unknown ids stays visible', () => {
    expect(convert('[gallery]', '5').markdown).toBe('![A photo](/media/2026/11/photo.jpg)');
    const unknown = convert('[gallery ids="98,99"]');
    expect(unknown.markdown).toBe('\\[gallery ids="98,99"\\]');
    expect(unknown.notes).toEqual([
      'gallery image(s) 98, 99 not imported',
      'shortcode [gallery ids="98,99"] kept as text (no image of it was imported)',
    ]);
  });

  it('video and audio shortcodes become links, iframes visible links, scripts go, remote images stay as links', () => {
    const { markdown, notes } = convert(
      '[video src="https://cdn.example/clip.mp4"][/video]\n\n<iframe src="https://maps.example/embed?x=1"></iframe>\n\n<script>alert(1)</script>\n\n<img src="https://elsewhere.example/cat.png" alt="Cat">',
    );
    expect(markdown).toBe(
      '[https://cdn.example/clip.mp4](https://cdn.example/clip.mp4)\n\n[Embedded content](https://maps.example/embed?x=1)\n\n[Cat](https://elsewhere.example/cat.png)',
    );
    expect(notes).toEqual([
      'embedded frame https://maps.example/embed?x=1 kept as a link',
      'image https://elsewhere.example/cat.png not imported, kept as a link',
    ]);
  });

  it('text in square brackets that is not a shortcode is kept, and nested unknown shortcodes are named once each', () => {
    const { markdown, notes } = convert('<!-- wp:paragraph --><p>[1] A note [tabs][tab title="A"]x[/tab][/tabs]</p><!-- /wp:paragraph -->');
    expect(markdown).toBe('\\[1\\] A note \\[tabs\\]\\[tab title="A"\\]x\\[/tab\\]\\[/tabs\\]');
    expect(notes).toEqual(['shortcode [tabs] kept as text', 'shortcode [tab] kept as text']);
  });

  it('plain text of excerpts and comments, and WordPress dates', () => {
    expect(plainText('<p>Fish &amp; <strong>chips</strong></p>\nLine two')).toBe('Fish & chips\n\nLine two');
    expect(wpDate('2024-03-15 10:30:00')).toBe('2024-03-15T10:30:00.000Z');
    expect(wpDate('0000-00-00 00:00:00')).toBeNull();
    expect(wpDate('2024-13-45 99:00:00')).toBeNull();
    expect(wpDate('yesterday')).toBeNull();
  });
});
