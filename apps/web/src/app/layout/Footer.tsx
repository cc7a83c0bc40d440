// Site footer of docs/PRODUCT.md#screens: the public pages, the three social marks (no real target yet, so
// they are buttons that say so instead of links that lead nowhere) and the current year.
import { Link } from 'react-router';
import { toast } from '../../components/toast/toast';
import { Logo } from './Logo';
import { FacebookIcon, LinkedInIcon, TwitterIcon } from './SocialIcons';

const COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Marketplace',
    links: [
      { to: '/find_an_engineer', label: 'Find an Engineer' },
      { to: '/explore', label: 'Explore Projects' },
      { to: '/guide', label: 'Engineering Guides' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/trust', label: 'Trust & Safety' },
      { to: '/qa', label: 'Help & Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

const SOCIAL = [
  { name: 'LinkedIn', Icon: LinkedInIcon },
  { name: 'Twitter', Icon: TwitterIcon },
  { name: 'Facebook', Icon: FacebookIcon },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-5 lg:px-8">
        <div className="md:col-span-2">
          <Logo tone="dark" />
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-300">
            The marketplace where clients and licensed engineers meet to get drawings reviewed, signed and
            stamped for permitting.
          </p>
          <div className="mt-6 flex gap-2">
            {SOCIAL.map(({ name, Icon }) => (
              <button
                key={name}
                type="button"
                aria-label={`StampWorks on ${name}`}
                title={`StampWorks on ${name}`}
                onClick={() => toast.info(`Our ${name} page is coming soon.`)}
                className="grid h-10 w-10 place-items-center rounded-full bg-slate-800 text-slate-200 transition hover:bg-brand-600 hover:text-white"
              >
                <Icon className="h-4.5 w-4.5" />
              </button>
            ))}
          </div>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{col.title}</h2>
            <ul className="mt-4 space-y-3">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-300 hover:text-white hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {year} StampWorks. All rights reserved.</p>
          <p>Licensed engineers in the United States and Australia.</p>
        </div>
      </div>
    </footer>
  );
}
