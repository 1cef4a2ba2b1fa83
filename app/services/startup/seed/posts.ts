import type { SeedPost } from './types.ts';

export const seedCategories = ['Web Development', 'Programming', 'Design', 'Mobile Development', 'Technology'] as const;

const gettingStartedContent = `Every website you visit, from a simple personal blog to a complex online store, is built on the same three foundations: HTML, CSS and JavaScript. If you have ever wondered how the web works, or you are thinking about a career in web development, learning these three languages is the best place to start. At Atelier, every member of our engineering team began exactly where you are now.

HTML, or HyperText Markup Language, gives a page its structure. It describes what each piece of content is: a heading, a paragraph, an image, a link, a list or a form. Think of HTML as the skeleton of a web page. Writing good HTML means choosing the right element for the job, because semantic markup makes your content easier for search engines to understand and, more importantly, accessible to people who rely on screen readers and other assistive technologies.

CSS, or Cascading Style Sheets, controls how that structure looks. With CSS you choose colours, fonts, spacing and layout. Modern CSS is remarkably powerful: Flexbox and Grid let you build responsive layouts that adapt gracefully from a small phone to a large desktop monitor, while custom properties, often called CSS variables, help you keep a consistent design system across an entire site. A good habit from day one is to design for mobile first and then enhance the layout for larger screens.

JavaScript brings your pages to life. It lets you respond to clicks, validate forms, fetch data from a server and update the page without a full reload. JavaScript is also a full programming language, so this is where you will learn core concepts such as variables, functions, conditions, loops and objects. Once you are comfortable with the basics, you will be ready to explore how the browser represents a page through the DOM and how to manipulate it.

You do not need expensive tools to get started. A free code editor such as Visual Studio Code and a modern browser are all you need. Browser developer tools are your best friend: they let you inspect elements, experiment with styles in real time, debug JavaScript and measure performance. Learning to use them early will save you countless hours later.

The most effective way to learn is by building real things. Start small with a personal profile page, then try a landing page for an imaginary product, a to-do list app or a simple weather widget that calls a public API. Each project will confront you with new problems, and solving them is where the real learning happens. Put your code on GitHub from the start, even if it is not perfect, so you get used to version control with Git and build a portfolio along the way.

As your confidence grows, you will hear about frameworks such as React, Vue or Svelte, build tools, TypeScript and back-end technologies. They are all worth learning eventually, but resist the temptation to rush. A solid understanding of the fundamentals makes every framework easier to learn and helps you choose the right tool for each project.

Finally, remember that web development is a craft learned over time. Read documentation such as MDN Web Docs, join developer communities, ask questions and share what you learn. Be patient with yourself: every experienced developer has spent hours hunting down a missing semicolon. Keep building, stay curious, and enjoy the process of creating things that anyone in the world can open in a browser.`;

export const seedPosts: SeedPost[] = [
  {
    title: 'Getting Started with Web Development',
    slug: 'getting-started-with-web-development',
    content: gettingStartedContent,
    excerpt:
      'New to web development? Discover the three core technologies behind every website, HTML, CSS and JavaScript, and practical tips to start building your first projects today.',
    categories: ['Web Development', 'Programming'],
    tags: ['html', 'css', 'javascript', 'beginners'],
    featuredImage: '/media/seed/hero-photo.jpg',
    metaTitle: "Getting Started with Web Development: A Beginner's Guide | Atelier",
    metaDescription:
      'A beginner-friendly guide to web development: learn what HTML, CSS and JavaScript do, which tools you need and how to build your first projects.',
    metaKeywords: 'web development, beginners, html, css, javascript, learn to code, front-end development',
    views: 156,
    publishDate: '2024-01-15T09:00:00.000Z',
  },
];
