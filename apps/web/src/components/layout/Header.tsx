import { Link } from 'react-router';

export function Header() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
        <Link to="/" className="text-lg font-bold text-brand-700">
          StampWorks
        </Link>
      </div>
    </header>
  );
}
