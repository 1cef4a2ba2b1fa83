import type { SeedPage } from './types.ts';

const home = `Atelier is an independent web and mobile development studio based in Paris. Since 2014 we have helped startups, scale-ups and established brands turn ambitious ideas into digital products that are fast, accessible and a pleasure to use.

## What we do

We work across the whole product lifecycle, from the first workshop to launch day and beyond:

- Custom websites and web applications built on modern, maintainable stacks
- Native and cross-platform mobile apps for iOS and Android
- UI/UX design grounded in research and real user feedback
- Performance, security and long-term technical support

## How we work

Every project starts with listening. We take the time to understand your business, your users and your constraints before writing a single line of code. From there, a small senior team designs, builds and ships in short iterations, so you see progress every week and can adjust course whenever you need to.

## Why teams choose Atelier

Our clients stay with us because we treat their products as if they were our own. We favour clear communication over jargon, honest estimates over optimistic promises, and craftsmanship over shortcuts. The result is software that keeps working long after the launch party is over.

Have a project in mind? Take a look at [our services](/services), learn more [about us](/about), or simply [contact us](/#contact) and tell us what you are building.`;

const about = `Atelier was founded in Paris in 2014 by a small group of developers and designers who believed that great digital products deserve the same care as a handmade object. The name says it all: we are a workshop, and we take pride in our craft.

## Our story

What began as a three-person studio has grown into a team of more than 25 designers, engineers and product strategists. Over the past decade we have delivered more than 200 projects for clients in retail, healthcare, finance, culture and the public sector, from lean MVPs to platforms serving millions of users.

## What we believe in

- **Mission-driven:** we build products that make a measurable difference for the people who use them.
- **Client-focused:** your goals shape every decision, and we keep you involved at every step.
- **Excellence:** we hold our code, our design and our communication to the highest standard.
- **Innovation:** we keep learning and only adopt new technology when it truly serves your product.

## Our team

Our people come from agencies, startups and product companies across Europe. We work in small, autonomous squads that pair design and engineering from day one, and we invest heavily in mentoring, open source and continuous learning.

Atelier is proud of a 98% client satisfaction rate, and of the many long-term partnerships that started with a single conversation. Want to be next? [Get in touch](/#contact) or explore [what we do](/services).`;

const services = `At Atelier we offer end-to-end digital product development. Whether you need a marketing site, a complex web platform or a mobile app, our team covers strategy, design, engineering and ongoing support under one roof.

## Custom web development

We build fast, accessible and secure websites and web applications using modern frameworks such as React and TypeScript, backed by robust APIs and cloud infrastructure.

## Mobile applications

From native iOS and Android apps to cross-platform solutions, we create mobile experiences that feel natural on every device and scale with your audience.

## UI/UX design

Our designers combine user research, prototyping and design systems to craft interfaces that are intuitive, consistent and on-brand.

## Performance, security and strategy

- **Performance optimization:** audits, Core Web Vitals improvements and caching strategies that make your product feel instant.
- **Security solutions:** code reviews, penetration testing support and GDPR-aware architecture.
- **Digital strategy:** product discovery, roadmapping and technical consulting to help you invest in the right things.

## Engagement models

We adapt to your needs with fixed-scope projects, dedicated product teams or flexible monthly support retainers. Every engagement includes transparent planning, weekly demos and direct access to the people building your product.

Ready to start? [Contact us](/#contact) for a free initial consultation, or read more [about Atelier](/about).`;

const privacyPolicy = `This Privacy Policy explains how Atelier ("we", "us" or "our") collects, uses and protects your personal data when you visit our website or get in touch with us. We are committed to handling your information transparently and in accordance with the General Data Protection Regulation (GDPR) and applicable French law.

## Who we are

Atelier is a web and mobile development agency located at 12 Rue des Artisans, 75011 Paris, France. For any question about this policy or your personal data, you can write to us at [hello@atelier.agency](mailto:hello@atelier.agency).

## What data we collect

We only collect the data we need. Depending on how you interact with us, this may include:

- **Contact details** you provide through our contact form, such as your first name, last name, email address and phone number
- **Message content**, including the subject and any information you choose to share about your project
- **Technical data**, such as your IP address, browser type, device information and pages visited
- **Preferences**, such as your selected language

## How we use your data

We use your personal data to:

- Respond to your enquiries and prepare proposals for your project
- Operate, maintain and improve our website
- Understand how visitors use our site through aggregated, anonymous statistics
- Comply with our legal and accounting obligations

We never sell your personal data and we do not use it for automated decision-making.

## Legal basis for processing

We process your data on the basis of your consent, our legitimate interest in running and improving our business, the steps necessary before entering into a contract with you, and compliance with legal obligations.

## How long we keep your data

Enquiries that do not lead to a project are deleted after three years without contact. Client data is kept for the duration of our relationship and afterwards for the period required by law.

## Sharing your data

We share data only with trusted service providers, such as hosting and email providers, who process it on our behalf under strict contractual safeguards. Where data is transferred outside the European Union, we rely on appropriate safeguards such as the European Commission's Standard Contractual Clauses.

## Your rights

Under the GDPR, you have the right to:

- Access the personal data we hold about you
- Request the correction or deletion of your data
- Object to or restrict certain processing
- Receive your data in a portable format
- Withdraw your consent at any time

To exercise these rights, email [hello@atelier.agency](mailto:hello@atelier.agency). You may also lodge a complaint with the CNIL, the French data protection authority.

## Changes to this policy

We may update this policy from time to time. The latest version will always be available on this page. For details about cookies, please read our [Cookie Policy](/cookie-policy).`;

const termsOfService = `These Terms of Service govern your use of the website operated by Atelier, a web and mobile development agency based in Paris, France. By accessing or using this website, you agree to be bound by these terms. If you do not agree, please do not use the site.

## Use of the website

You may browse our website for personal and business information purposes. When using the site, you agree not to:

- Use the website in any way that breaches applicable laws or regulations
- Attempt to gain unauthorised access to our systems, accounts or data
- Introduce viruses, malware or any other harmful code
- Send unsolicited advertising or spam through our contact form
- Copy, scrape or republish substantial parts of the site without our permission

## Intellectual property

Unless stated otherwise, all content on this website, including text, graphics, logos, illustrations, case studies and source code, is owned by Atelier or its licensors and is protected by copyright and trademark laws. You may share links to our pages, but you may not reproduce our content for commercial purposes without prior written consent.

## Client projects

Information on this website, including descriptions of our services, is provided for general guidance only and does not constitute a binding offer. Any project we undertake for you will be governed by a separate written agreement setting out the scope, timeline, fees and ownership of deliverables. In case of conflict, that agreement takes precedence over these terms.

## Third-party links

Our website may contain links to third-party websites, such as our social media profiles. We have no control over their content or privacy practices and accept no responsibility for them.

## Disclaimer and limitation of liability

We make every effort to keep the information on this website accurate and up to date, but we provide it "as is" without warranties of any kind. To the fullest extent permitted by law, Atelier shall not be liable for:

- Any indirect or consequential loss arising from your use of the website
- Temporary unavailability of the site due to maintenance or technical issues
- Errors or omissions in the content published on the site

Nothing in these terms limits our liability where it cannot be limited by law.

## Privacy

Your use of this website is also governed by our [Privacy Policy](/privacy-policy) and our [Cookie Policy](/cookie-policy), which explain how we handle your personal data.

## Changes to these terms

We may revise these terms at any time by updating this page. Changes take effect as soon as they are published, so we encourage you to review this page periodically.

## Governing law and contact

These terms are governed by French law, and any dispute shall fall under the jurisdiction of the courts of Paris. If you have any questions about these terms, please contact us at [hello@atelier.agency](mailto:hello@atelier.agency).`;

const cookiePolicy = `This Cookie Policy explains how Atelier uses cookies and similar technologies on its website, what they are for, and how you can control them. It should be read together with our [Privacy Policy](/privacy-policy).

## What are cookies?

Cookies are small text files stored on your device when you visit a website. They allow the site to remember your actions and preferences over time. Similar technologies, such as local storage, work in a comparable way and are covered by this policy as well.

## Cookies we use

We keep our use of cookies to a minimum. The cookies on our website fall into the following categories:

- **Strictly necessary cookies:** required for the website to function, for example to keep the site secure, balance traffic and remember your cookie choices. These cannot be switched off.
- **Preference cookies:** remember settings such as your preferred language (English or French) so you do not have to select it on every visit.
- **Analytics cookies:** help us understand how visitors use the site, which pages are most popular and where we can improve. The data is aggregated and does not identify you personally.

We do not use advertising cookies, and we do not allow third parties to track you across other websites for marketing purposes.

## Third-party cookies

Some pages may include content from third-party services, such as embedded videos or social media links. These services may set their own cookies, which are governed by their respective privacy policies. We recommend reviewing those policies before interacting with such content.

## How long cookies last

- **Session cookies** are deleted when you close your browser.
- **Persistent cookies** remain on your device for a set period, no longer than 13 months, or until you delete them.

## Managing your preferences

When you first visit our site, you can accept or refuse non-essential cookies. You can change your mind at any time by:

- Updating your choices through the cookie settings on our website
- Adjusting your browser settings to block or delete cookies
- Using private or incognito browsing mode

Please note that blocking strictly necessary cookies may prevent parts of the website from working properly.

## Updates to this policy

Atelier may update this Cookie Policy to reflect changes in technology, regulation or our own practices. Any update will be published on this page with immediate effect.

## Contact us

If you have any questions about our use of cookies, please email [hello@atelier.agency](mailto:hello@atelier.agency) or [contact us](/#contact) through our website.`;

export const seedPages: SeedPage[] = [
  {
    slug: 'home',
    title: 'Home',
    content: home,
    metaDescription:
      'Atelier is a Paris-based web and mobile development agency crafting fast, accessible and beautiful digital products for ambitious brands since 2014.',
    metaKeywords: 'web development agency, mobile app development, UI/UX design, digital products, Paris, Atelier',
  },
  {
    slug: 'about',
    title: 'About Us',
    content: about,
    metaDescription:
      'Meet Atelier: a team of 25+ designers and engineers in Paris who have delivered over 200 web and mobile projects since our founding in 2014.',
    metaKeywords: 'about Atelier, digital agency team, web agency Paris, company values, our story',
  },
  {
    slug: 'services',
    title: 'Our Services',
    content: services,
    metaDescription:
      'Explore Atelier services: custom web development, mobile apps, UI/UX design, performance optimization, security solutions and digital strategy.',
    metaKeywords:
      'web development services, mobile applications, UI/UX design, performance optimization, security, digital strategy',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    content: privacyPolicy,
    metaDescription:
      'Read how Atelier collects, uses and protects your personal data, how long we keep it, and how to exercise your rights under the GDPR.',
    metaKeywords: 'privacy policy, personal data, GDPR, data protection, your rights, Atelier',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    content: termsOfService,
    metaDescription:
      'The terms and conditions governing your use of the Atelier website, including intellectual property, liability limits and applicable French law.',
    metaKeywords: 'terms of service, terms and conditions, website use, intellectual property, liability, Atelier',
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    content: cookiePolicy,
    metaDescription:
      'Learn which cookies the Atelier website uses, why we use them, how long they last and how you can manage or withdraw your cookie preferences.',
    metaKeywords: 'cookie policy, cookies, analytics cookies, preferences, browser settings, Atelier',
  },
];
