import { describe, expect, it } from 'vitest';

import { isUnder, requestPath } from '#server/request-path.ts';

const read = (url: string) => requestPath({ url });

describe('the one normalised path of a request', () => {
  it('refuses a dot segment in every spelling, and a backslash', () => {
    for (const url of [
      '/admin/../',
      '/admin/..',
      '/admin/%2e%2e/',
      '/admin/%2E%2E/',
      '/admin/.%2e/',
      '/admin/%2E./x',
      '/media/../blog',
      '/login/../about',
      '/./blog',
      '/blog/.',
      '/admin/%2e/',
      '/admin%2f..%2fblog',
      '/admin%2F..%2Fblog',
      '/admin%5c..%5cblog',
      '/admin\\..\\',
      '/admin\\blog',
      '/admin/%2e..data',
      '/..?x=1',
    ]) {
      expect(read(url).refused, url).toBe(true);
    }
    for (const url of ['/', '/blog', '/robots.txt', '/a..b', '/...', '/.well-known', '/%252e%252e/admin', '/blog?x=/../', '/a#/../']) {
      expect(read(url).refused, url).toBe(false);
    }
  });

  it('is the path the router matches: decoded its way, lowercase, without trailing slashes, a data request its page', () => {
    expect(read('/').path).toBe('/');
    expect(read('/blog').path).toBe('/blog');
    expect(read('/Blog/').path).toBe('/blog');
    expect(read('/%61dmin/Media').path).toBe('/admin/media');
    expect(read('/%41DMIN').path).toBe('/admin');
    expect(read('//').path).toBe('/');
    expect(read('/admin///').path).toBe('/admin');
    expect(read('//admin').path).toBe('//admin');
    expect(read('/blog%2fx').path).toBe('/blog%2fx');
    expect(read('/%zz/%61').path).toBe('/%zz/%61');
    expect(read('/caf%C3%A9').path).toBe('/café');
    expect(read('/blog.data')).toMatchObject({ path: '/blog', data: true });
    expect(read('/_root.data')).toMatchObject({ path: '/', data: true });
    expect(read('/admin/content.data?_routes=x')).toMatchObject({ path: '/admin/content', data: true, query: '_routes=x' });
    expect(read('/blog?page=2#top')).toMatchObject({ raw: '/blog', path: '/blog', query: 'page=2' });
    expect(read('/blog#top?page=2')).toMatchObject({ raw: '/blog', query: '' });
  });

  it('is worked out once per request, from the URL Express started with', () => {
    const req = { url: '/ADMIN', originalUrl: '/ADMIN/blog' };
    expect(requestPath(req).path).toBe('/admin/blog');
    req.url = '/blog';
    expect(requestPath(req).path).toBe('/admin/blog');
  });

  it('places a path under a prefix only at a segment boundary', () => {
    expect(isUnder('/admin', '/admin')).toBe(true);
    expect(isUnder('/admin/blog', '/admin')).toBe(true);
    expect(isUnder('/administrator', '/admin')).toBe(false);
    expect(isUnder('//admin', '/admin')).toBe(false);
  });
});
