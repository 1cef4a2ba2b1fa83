import type { SectionName } from './model.ts';

/**
 * What each section's HTML template can show: the section's content from Content Management (and
 * the site settings for the navigation and footer), as Mustache placeholders.
 */
export const SECTION_PLACEHOLDERS: Record<SectionName, string> = {
  navbar: '{{siteName}}, {{tagline}}, {{logo}}, {{#links}}{{title}} {{href}}{{/links}}',
  hero: '{{title}}, {{subtitle}}, {{cta}}, {{image}}',
  services: '{{title}}, {{subtitle}}, {{description}}, {{#items}}{{title}} {{description}} {{#features}}{{.}}{{/features}}{{/items}}',
  about:
    '{{title}}, {{subtitle}}, {{description}}, {{#stats}}{{label}} {{value}}{{/stats}}, {{#values}}{{title}} {{description}}{{/values}}',
  contact: '{{address}}, {{email}}, {{phone}}, {{description}}',
  footer: '{{siteName}}, {{tagline}}, {{year}}, {{#links}}{{title}} {{href}}{{/links}}, {{social.twitter}}, {{contact.email}}',
};

/** The HTML a section starts from when its template is first written (an empty template is the built-in section). */
export const DEFAULT_SECTION_HTML: Record<SectionName, string> = {
  navbar: `<header class="theme-navbar">
  <nav aria-label="Main">
    <a href="/" class="theme-brand">{{siteName}}</a>
    <ul>
      {{#links}}<li><a href="{{href}}">{{title}}</a></li>{{/links}}
    </ul>
  </nav>
</header>`,
  hero: `<section id="home" class="theme-hero">
  <h1>{{title}}</h1>
  <p>{{subtitle}}</p>
  <a href="#contact" class="theme-button">{{cta}}</a>
</section>`,
  services: `<section id="services" class="theme-services">
  <h2>{{title}}</h2>
  <p>{{subtitle}}</p>
  {{#items}}
  <article>
    <h3>{{title}}</h3>
    <p>{{description}}</p>
    <ul>{{#features}}<li>{{.}}</li>{{/features}}</ul>
  </article>
  {{/items}}
</section>`,
  about: `<section id="about" class="theme-about">
  <h2>{{title}}</h2>
  <p>{{description}}</p>
  <ul>{{#stats}}<li><strong>{{value}}</strong> {{label}}</li>{{/stats}}</ul>
</section>`,
  contact: `<section id="contact" class="theme-contact">
  <h2>Contact</h2>
  <p>{{description}}</p>
  <p><a href="mailto:{{email}}">{{email}}</a> · {{phone}}</p>
  <p>{{address}}</p>
</section>`,
  footer: `<footer class="theme-footer">
  <ul>{{#links}}<li><a href="{{href}}">{{title}}</a></li>{{/links}}</ul>
  <p>© {{year}} {{siteName}}</p>
</footer>`,
};

/**
 * The CSS a reset section gets: only the navigation and the hero have one. It styles the default
 * HTML's classes, so the built-in markup (an empty template) looks as before.
 */
export const DEFAULT_SECTION_CSS: Record<SectionName, string> = {
  navbar: `.theme-navbar nav {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1.5rem;
  padding: 1rem 2rem;
}
.theme-navbar ul {
  display: flex;
  gap: 1.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
}`,
  hero: `.theme-hero {
  padding: 5rem 2rem;
  text-align: center;
}
.theme-hero .theme-button {
  display: inline-block;
  margin-top: 1.5rem;
  padding: 0.75rem 1.5rem;
  border-radius: var(--theme-button-border-radius);
  background: var(--theme-primary-strong);
  color: var(--theme-on-primary);
}`,
  services: '',
  about: '',
  contact: '',
  footer: '',
};
