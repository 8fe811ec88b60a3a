import { Link, useNavigate } from 'react-router-dom';
import { KeptAsWritten } from '@/app/hydrateLater';
import { Logo } from './Logo';
import { Container } from './ui/Misc';

const footerLinks: Array<{ heading: string; links: Array<{ to: string; label: string }> }> = [
  {
    heading: 'Travellers',
    links: [
      { to: '/search', label: 'Search Hotels' },
      { to: '/write-review', label: 'Write a Review' },
      { to: '/business-travel', label: 'Business Travel' },
    ],
  },
  {
    heading: 'Hotels',
    links: [
      { to: '/partner-hotels', label: 'Partner Hotels' },
      { to: '/provider-register', label: 'List Your Property' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { to: '/help-center', label: 'Help Center' },
      { to: '/contact-us', label: 'Contact Us' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/cookie-preferences', label: 'Cookie Preferences' },
    ],
  },
];

/** The same for every visitor: kept as the server wrote it on a written page, its links followed within the SPA. */
export function Footer() {
  const year = new Date().getFullYear();
  const navigate = useNavigate();
  return (
    <KeptAsWritten navigate={navigate}>
      <footer className="render-when-near mt-auto bg-slate-950 text-slate-300 [--near-height:620px] md:[--near-height:350px] lg:[--near-height:280px]">
        <Container className="grid grid-cols-2 gap-8 py-12 md:grid-cols-[1.4fr_repeat(4,1fr)] md:gap-10">
          <div className="col-span-2 md:col-span-1">
            <Logo inverted />
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">
              Hotels with gyms worth training in. Verified racks, real dumbbells, pools and saunas in the cities you travel to.
            </p>
          </div>
          {footerLinks.map((group) => (
            <nav key={group.heading} aria-label={group.heading}>
              <h2 className="text-sm font-semibold text-white">{group.heading}</h2>
              <ul className="mt-3 space-y-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-slate-400 hover:text-white">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Container>
        <div className="border-t border-slate-800">
          <Container className="flex flex-col gap-2 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
            <p>© {year} RepRoute. All rights reserved.</p>
            <p>Listing is free. We earn a referral commission when you book.</p>
          </Container>
        </div>
      </footer>
    </KeptAsWritten>
  );
}
