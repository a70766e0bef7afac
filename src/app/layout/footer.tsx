import { Link, type LinkProps } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/shell-constants';

const FOOTER_LINKS: ReadonlyArray<{ to: LinkProps['to']; label: string }> = [
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/guidelines', label: 'Community Guidelines' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/brand', label: 'Brand' },
  { to: '/contact', label: 'Contact' },
  { to: '/support-platform', label: 'Support the Platform' },
];

export function Footer() {
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {APP_NAME}. Free for the community, funded by donations.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={label}>
                <Link
                  to={to}
                  className="rounded-sm hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
