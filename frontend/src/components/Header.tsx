import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { Logo } from './Logo';
import { UserMenuButton } from './UserMenuButton';

const UserMenu = lazy(() => import('./UserMenu'));
import { Button } from './ui/Button';
import { Container } from './ui/Misc';
import { LazyDisplayPicker } from './LazyDisplayPicker';
import { greetingFor, useSession } from '@/hooks/useSession';
import { logout } from '@/lib/session';
import { cn } from '@/lib/cn';

interface NavItem {
  to: string;
  label: string;
}

export const LIST_A_HOTEL_SIGNED_OUT = '/login?redirect=/provider/setup';

/** Main links for the header; the mobile menu uses the alternative provider paths (2.1). */
export function navItems(user: ReturnType<typeof useSession>['user'], variant: 'desktop' | 'mobile'): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/search', label: 'Search Hotels' },
  ];
  const mobile = variant === 'mobile';
  if (user?.isProvider) {
    items.push({ to: mobile ? '/provider-dashboard' : '/provider/dashboard', label: 'My Listings' });
    items.push({ to: mobile ? '/add-hotel' : '/provider/listings/new', label: 'Add Listing' });
  } else if (user) {
    items.push({ to: mobile ? '/profile-setup?provider=true' : '/provider/setup', label: 'List A Hotel' });
  } else {
    items.push({ to: LIST_A_HOTEL_SIGNED_OUT, label: 'List A Hotel' });
  }
  if (user?.isAdmin) items.push({ to: '/admin', label: 'Admin' });
  return items;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-semibold transition-colors', isActive ? 'text-brand-600' : 'text-slate-700 hover:text-slate-950');

export function Header() {
  const { user } = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMobileOpen(false);
  }
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const signOut = async () => {
    setMobileOpen(false);
    await logout(queryClient);
    navigate('/');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur-md">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navItems(user, 'desktop').map((item) => (
            <NavLink key={item.label} to={item.to} end={item.to === '/'} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LazyDisplayPicker />
          {user ? (
            // The menu (Radix, with its positioning code) loads only for signed-in people.
            <Suspense fallback={<UserMenuButton user={user} />}>
              <UserMenu user={user} onSignOut={() => void signOut()} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild variant="primary" size="sm">
                <Link to="/register">Join Now</Link>
              </Button>
            </>
          )}
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-xl text-slate-800 hover:bg-slate-100 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((open) => !open)}
        >
          {mobileOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
        </button>
      </Container>
      {mobileOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white md:hidden">
          <Container className="flex flex-col gap-1 py-3">
            {user ? <p className="px-3 pb-2 text-sm font-semibold text-slate-900">{greetingFor(user)}</p> : null}
            {navItems(user, 'mobile').map((item) => (
              <MobileLink key={item.label} to={item.to} label={item.label} />
            ))}
            <LazyDisplayPicker layout="stack" className="px-3 py-2" />
            {user ? (
              <>
                <MobileLink to="/profile" label="My Profile" />
                <MobileLink to="/favorites" label="Favourites" />
                {user.isProvider ? <MobileLink to="/provider-dashboard" label="Provider Dashboard" /> : null}
                {user.isAdmin ? <MobileLink to="/admin" label="Admin Panel" /> : null}
                <button type="button" onClick={() => void signOut()} className="rounded-lg px-3 py-2.5 text-left text-base font-semibold text-red-600 hover:bg-red-50">
                  Sign Out
                </button>
              </>
            ) : (
              <div className="mt-2 grid grid-cols-2 gap-2">
                <Button asChild variant="outline">
                  <Link to="/login">Sign In</Link>
                </Button>
                <Button asChild>
                  <Link to="/register">Join Now</Link>
                </Button>
              </div>
            )}
          </Container>
        </nav>
      ) : null}
    </header>
  );
}

function MobileLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="rounded-lg px-3 py-2.5 text-base font-semibold text-slate-800 hover:bg-slate-100">
      {label}
    </Link>
  );
}
