import { Link } from 'react-router';
import { getLandingContent } from '#app/services/site/landing.server.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [{ title: 'Atelier' }];

export async function loader() {
  return { content: await getLandingContent('en') };
}

export default function Home({ loaderData: { content } }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-4xl font-bold text-gray-900">{content.hero.title}</h1>
      <p className="mt-4 text-lg text-gray-700">{content.hero.subtitle}</p>
      <Link to="/login" className="mt-8 inline-block text-sm font-medium text-blue-800 underline">
        Staff sign-in
      </Link>
    </main>
  );
}
