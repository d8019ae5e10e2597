import { Link, href } from 'react-router';

export function ErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <main className="container-page py-20 text-center">
      <h1>{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <p className="mt-8">
        <Link className="btn-primary" to={href('/')}>
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
