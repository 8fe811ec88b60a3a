import { lazy, useEffect } from 'react';
import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AppLayout } from './AppLayout';
import { RequireAdmin, RequireAuth, RequireProvider, RequireProviderOrExplain } from './guards';
import { useAppDispatch } from '@/store';
import { useSession } from '@/hooks/useSession';
import { logout } from '@/lib/session';

const HomePage = lazy(() => import('@/pages/HomePage'));
const SearchPage = lazy(() => import('@/pages/SearchPage'));
const HotelDetailPage = lazy(() => import('@/pages/HotelDetailPage'));
const FavoritesPage = lazy(() => import('@/pages/FavoritesPage'));
const LoginPage = lazy(() => import('@/pages/account/LoginPage'));
const RegisterPage = lazy(() => import('@/pages/account/RegisterPage'));
const ProviderRegisterPage = lazy(() => import('@/pages/account/ProviderRegisterPage'));
const ForgotPasswordPage = lazy(() => import('@/pages/account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/pages/account/ResetPasswordPage'));
const ProfileSetupPage = lazy(() => import('@/pages/account/ProfileSetupPage'));
const ProviderSetupPage = lazy(() => import('@/pages/account/ProviderSetupPage'));
const ProfilePage = lazy(() => import('@/pages/account/ProfilePage'));
const ProviderDashboardPage = lazy(() => import('@/pages/provider/ProviderDashboardPage'));
const AddHotelPage = lazy(() => import('@/pages/provider/AddHotelPage'));
const EditHotelPage = lazy(() => import('@/pages/provider/EditHotelPage'));
const AdminPage = lazy(() => import('@/pages/admin/AdminPage'));
const WriteReviewPage = lazy(() => import('@/pages/reviews/WriteReviewPage'));
const BusinessTravelPage = lazy(() => import('@/pages/static/BusinessTravelPage'));
const HelpCenterPage = lazy(() => import('@/pages/static/HelpCenterPage'));
const PrivacyPolicyPage = lazy(() => import('@/pages/static/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('@/pages/static/TermsOfServicePage'));
const PartnerHotelsPage = lazy(() => import('@/pages/static/PartnerHotelsPage'));
const ContactUsPage = lazy(() => import('@/pages/static/ContactUsPage'));
const CookiePreferencesPage = lazy(() => import('@/pages/static/CookiePreferencesPage'));
const ConnectionErrorPage = lazy(() => import('@/pages/errors/ConnectionErrorPage'));
const MaintenancePage = lazy(() => import('@/pages/errors/MaintenancePage'));
const ServerErrorPage = lazy(() => import('@/pages/errors/ServerErrorPage'));
const NotFoundPage = lazy(() => import('@/pages/errors/NotFoundPage'));

/** /sign-out: ends the session if there is one, then goes to /. */
function SignOutRoute() {
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const done = () => !cancelled && navigate('/', { replace: true });
    if (user) void logout(dispatch, queryClient).then(done);
    else done();
    return () => {
      cancelled = true;
    };
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
