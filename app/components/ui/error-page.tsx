import { Link } from 'react-router';

export function ErrorPage(props: { status: number; title: string; message: string; detail?: string }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold tracking-widest text-blue-700">{props.status}</p>
      <h1 className="text-3xl font-bold text-gray-900">{props.title}</h1>
      <p className="text-gray-700">{props.message}</p>
      {props.detail ? <pre className="w-full overflow-auto rounded bg-gray-100 p-4 text-left text-xs">{props.detail}</pre> : null}
      <Link to="/" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
        Back to the home page
      </Link>
    </main>
  );
}
