/** A seeded static page; content is Markdown rendered on the server. */
export interface SeedPage {
  slug: string;
  title: string;
  content: string;
  metaDescription: string;
  metaKeywords: string;
}

export interface SeedPost {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  categories: string[];
  tags: string[];
  featuredImage: string | null;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  views: number;
  publishDate: string;
}
