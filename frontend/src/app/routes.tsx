import { useEffect, useRef } from 'react';
import { lazyPage } from './lazyPage';
import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AppLayout } from './AppLayout';
import { RequireAdmin, RequireAuth, RequireProvider, RequireProviderOrExplain } from './guards';
import { useSession } from '@/hooks/useSession';
import { logout } from '@/lib/session';

const HomePage = lazyPage(() => import('@/pages/HomePage'));
const SearchPage = lazyPage(() => import('@/pages/SearchPage'));
const HotelDetailPage = lazyPage(() => import('@/pages/HotelDetailPage'));
const FavoritesPage = lazyPage(() => import('@/pages/FavoritesPage'));
const LoginPage = lazyPage(() => import('@/pages/account/LoginPage'));
const RegisterPage = lazyPage(() => import('@/pages/account/RegisterPage'));
const ProviderRegisterPage = lazyPage(() => import('@/pages/account/ProviderRegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('@/pages/account/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('@/pages/account/ResetPasswordPage'));
const VerifyEmailPage = lazyPage(() => import('@/pages/account/VerifyEmailPage'));
const ProfileSetupPage = lazyPage(() => import('@/pages/account/ProfileSetupPage'));
const ProviderSetupPage = lazyPage(() => import('@/pages/account/ProviderSetupPage'));
const ProfilePage = lazyPage(() => import('@/pages/account/ProfilePage'));
const ProviderDashboardPage = lazyPage(() => import('@/pages/provider/ProviderDashboardPage'));
const AddHotelPage = lazyPage(() => import('@/pages/provider/AddHotelPage'));
const EditHotelPage = lazyPage(() => import('@/pages/provider/EditHotelPage'));
const AdminPage = lazyPage(() => import('@/pages/admin/AdminPage'));
const WriteReviewPage = lazyPage(() => import('@/pages/reviews/WriteReviewPage'));
const BusinessTravelPage = lazyPage(() => import('@/pages/static/BusinessTravelPage'));
const HelpCenterPage = lazyPage(() => import('@/pages/static/HelpCenterPage'));
const PrivacyPolicyPage = lazyPage(() => import('@/pages/static/PrivacyPolicyPage'));
const TermsOfServicePage = lazyPage(() => import('@/pages/static/TermsOfServicePage'));
const PartnerHotelsPage = lazyPage(() => import('@/pages/static/PartnerHotelsPage'));
const ContactUsPage = lazyPage(() => import('@/pages/static/ContactUsPage'));
const CookiePreferencesPage = lazyPage(() => import('@/pages/static/CookiePreferencesPage'));
const ConnectionErrorPage = lazyPage(() => import('@/pages/errors/ConnectionErrorPage'));
const MaintenancePage = lazyPage(() => import('@/pages/errors/MaintenancePage'));
const ServerErrorPage = lazyPage(() => import('@/pages/errors/ServerErrorPage'));
const NotFoundPage = lazyPage(() => import('@/pages/errors/NotFoundPage'));

/** /sign-out: ends the session if there is one, then goes to /. */
function SignOutRoute() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // One logout per visit, even when effects run twice (React's strict mode mounts them twice).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const done = () => navigate('/', { replace: true });
    if (user) void logout(queryClient).then(done);
    else done();
    // Runs once on arrival; the logout itself changes `user`.
  }, []);
  return null;
}

/** The complete route table of document 1, section 2.1, with aliases and redirects. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/hotels/:slug', element: <HotelDetailPage /> },
      { path: '/hotel/:id', element: <HotelDetailPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/provider-register', element: <ProviderRegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/profile-setup', element: <ProfileSetupPage /> },
      { path: '/provider/setup', element: <ProviderSetupPage /> },
      { path: '/provider-setup', element: <ProviderSetupPage /> },
      { path: '/provider/dashboard', element: <RequireProvider><ProviderDashboardPage /></RequireProvider> },
      { path: '/provider-dashboard', element: <Navigate to="/provider/dashboard" replace /> },
      { path: '/provider/listings/new', element: <RequireProvider><AddHotelPage /></RequireProvider> },
      { path: '/add-hotel', element: <RequireProviderOrExplain><AddHotelPage /></RequireProviderOrExplain> },
      { path: '/edit-hotel/:id', element: <RequireProvider><EditHotelPage /></RequireProvider> },
      { path: '/profile', element: <RequireAuth><ProfilePage /></RequireAuth> },
      { path: '/favourites', element: <FavoritesPage /> },
      { path: '/favorites', element: <FavoritesPage /> },
      { path: '/admin', element: <RequireAdmin><AdminPage /></RequireAdmin> },
      { path: '/sign-out', element: <SignOutRoute /> },
      // The review page itself toasts "Authentication Required" and redirects visitors to /login.
      { path: '/write-review', element: <WriteReviewPage /> },
      { path: '/write-review/:hotelId', element: <WriteReviewPage /> },
      { path: '/business-travel', element: <BusinessTravelPage /> },
      { path: '/help-center', element: <HelpCenterPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/partner-hotels', element: <PartnerHotelsPage /> },
      { path: '/contact-us', element: <ContactUsPage /> },
      { path: '/cookie-preferences', element: <CookiePreferencesPage /> },
      { path: '/connection-error', element: <ConnectionErrorPage /> },
      { path: '/network-error', element: <ConnectionErrorPage /> },
      { path: '/maintenance', element: <MaintenancePage /> },
      { path: '/server-error', element: <ServerErrorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
