import { describe, expect, it } from 'vitest';

import { avatarHue, initials, linkSegments } from '#app/lib/comment-display.ts';
import { blocklistMatch, closedByAge, countLinks } from '#app/services/comments/comment-rules.ts';

describe('comment display', () => {
  it('makes initials from the first and last names', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  brewster murray hopper ')).toBe('GH');
    expect(initials('émile')).toBe('É');
    expect(initials('')).toBe('?');
    expect(avatarHue('Ada')).toBe(avatarHue('Ada'));
  });

  it('cuts links out of text, leaving trailing punctuation and markup as text', () => {
    expect(linkSegments('See https://example.com/a?b=1. And www.test.org!')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. And ' },
      { text: 'www.test.org', href: 'https://www.test.org' },
      { text: '!' },
    ]);
    expect(linkSegments('<script>alert(1)</script> javascript:alert(1)')).toEqual([
      { text: '<script>alert(1)</script> javascript:alert(1)' },
    ]);
  });
});

describe('comment rules', () => {
  it('counts links and matches the blocklist by word, e-mail, domain and network', () => {
    expect(countLinks('a https://x.example b http://y.example www.z.example')).toBe(3);
    const check = { name: 'Ann', email: 'ann@mail.example', website: '', body: 'Hello', ip: '192.0.2.4' };
    expect(blocklistMatch('viagra', check)).toBeNull();
    expect(blocklistMatch('HELLO', check)).toBe('HELLO');
    expect(blocklistMatch('@mail.example', check)).toBe('@mail.example');
    expect(blocklistMatch('192.0.2.0/24', check)).toBe('192.0.2.0/24');
    expect(blocklistMatch('2001:db8::/32', check)).toBeNull();
    expect(blocklistMatch('2001:db8:1:2::9', { ...check, ip: '2001:db8:1:2:ffff::1' })).toBe('2001:db8:1:2::9');
  });

  it('closes by age only when a number of days is set', () => {
    const published = new Date(Date.now() - 10 * 86_400_000).toISOString();
    expect(closedByAge(published, 0)).toBe(false);
    expect(closedByAge(published, 30)).toBe(false);
    expect(closedByAge(published, 7)).toBe(true);
  });
});
