import { describe, expect, it } from 'vitest';

import { injectCode, isScriptSource, policyWithSources } from '#app/lib/code-injection.ts';
import { codeInjectionSchema } from '#app/schemas/code-injection.ts';

const POLICY =
  "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self';object-src 'none'";

describe('code injection sources', () => {
  it('accepts https origins, wildcard subdomains, ports and paths', () => {
    for (const source of [
      'https://plausible.io',
      'https://*.googletagmanager.com',
      'https://cdn.example.com:8443',
      'https://cdn.example.com/js/',
    ]) {
      expect(isScriptSource(source), source).toBe(true);
    }
  });

  it('refuses what would widen the policy beyond a named host or end its directive', () => {
    for (const source of [
      '*',
      'https:',
      'https://*',
      'http://plausible.io',
      "'unsafe-inline'",
      "'unsafe-eval'",
      'data:',
      'https://evil.example; script-src *',
      "https://evil.example 'unsafe-inline'",
      'https://localhost',
      'https://*.com',
      'javascript:alert(1)',
      'https://ex"ample.com',
      `https://${'a'.repeat(200)}.com`,
    ]) {
      expect(isScriptSource(source), source).toBe(false);
    }
  });

  it('adds the sources to script-src, connect-src and img-src only, and leaves the policy alone without any', () => {
    const policy = policyWithSources(POLICY, ['https://plausible.io', 'https://*.example.com']);
    expect(policy).toContain("script-src 'self' 'nonce-abc' https://plausible.io https://*.example.com;");
    expect(policy).toContain("connect-src 'self' https://plausible.io https://*.example.com;");
    expect(policy).toContain("img-src 'self' data: blob: https://plausible.io https://*.example.com;");
    expect(policy).toContain("default-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policyWithSources(POLICY, [])).toBe(POLICY);
    // A source that slipped past the form is still not written into the header.
    expect(policyWithSources(POLICY, ["'unsafe-inline'", 'https://x.example; script-src *'])).toBe(POLICY);
  });
});

describe('injectCode', () => {
  const page = '<html><head><title>A</title></head><body><main>x</main><script nonce="n1">app()</script></body></html>';

  it('puts the head snippet before </head> and the footer before </body>, each script with the nonce', () => {
    const html = injectCode(
      page,
      { head: '<script>window.a=1</script><meta name="v" content="1">', footer: '<SCRIPT src="https://x.example/a.js"></SCRIPT>' },
      'n1',
    );
    expect(html).toBe(
      '<html><head><title>A</title><script nonce="n1">window.a=1</script><meta name="v" content="1"></head><body><main>x</main><script nonce="n1">app()</script><script nonce="n1" src="https://x.example/a.js"></SCRIPT></body></html>',
    );
  });

  it('changes nothing without snippets, and gives no nonce when the page has none', () => {
    expect(injectCode(page, { head: '', footer: '' }, 'n1')).toBe(page);
    expect(injectCode(page, { head: '<script>1</script>', footer: '' }, '')).toContain('<script>1</script></head>');
  });
});

describe('codeInjectionSchema', () => {
  it('reads one source a line, trimmed, lower-cased and without repeats', () => {
    const parsed = codeInjectionSchema.parse({
      head: ' <meta name="a"> ',
      scriptSources: 'https://Plausible.io\r\n\n  https://plausible.io \nhttps://cdn.example.com',
    });
    expect(parsed).toEqual({ head: '<meta name="a">', footer: '', scriptSources: ['https://plausible.io', 'https://cdn.example.com'] });
  });

  it('names the bad source, and refuses too many sources and too long snippets', () => {
    const bad = codeInjectionSchema.safeParse({ scriptSources: "https://ok.example\n'unsafe-inline'" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/“'unsafe-inline'” is not an allowed source/);
    const many = Array.from({ length: 21 }, (_, index) => `https://s${index}.example.com`).join('\n');
    expect(codeInjectionSchema.safeParse({ scriptSources: many }).error?.issues[0]?.message).toBe('At most 20 sources.');
    expect(codeInjectionSchema.safeParse({ footer: 'x'.repeat(20_001) }).error?.issues[0]?.message).toMatch(
      /Site Footer must be at most 20000/,
    );
  });
});
