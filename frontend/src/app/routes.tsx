import { useEffect, useRef, type ReactElement } from 'react';
import { lazyPage } from './lazyPage';
import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AppLayout } from './AppLayout';
import { RequireAdmin, RequireAuth, RequireProvider, RequireProviderOrExplain } from './guards';
import { useSession } from '@/hooks/useSession';
import { logout } from '@/lib/session';
import { appRoutes, type Screen } from '@/site/routeTable';

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
const EmailPreferencesPage = lazyPage(() => import('@/pages/account/EmailPreferencesPage'));
const UnsubscribePage = lazyPage(() => import('@/pages/account/UnsubscribePage'));
const ProfileSetupPage = lazyPage(() => import('@/pages/account/ProfileSetupPage'));
const ProviderSetupPage = lazyPage(() => import('@/pages/account/ProviderSetupPage'));
const ProfilePage = lazyPage(() => import('@/pages/account/ProfilePage'));
const ProviderDashboardPage = lazyPage(() => import('@/pages/provider/ProviderDashboardPage'));
const JoinOrganisationPage = lazyPage(() => import('@/pages/provider/JoinOrganisationPage'));
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

/** Each screen's element: what the router shows at the routes of that screen. */
const screens: Record<Screen, ReactElement> = {
  home: <HomePage />,
  search: <SearchPage />,
  hotel: <HotelDetailPage />,
  login: <LoginPage />,
  register: <RegisterPage />,
  providerRegister: <ProviderRegisterPage />,
  forgotPassword: <ForgotPasswordPage />,
  resetPassword: <ResetPasswordPage />,
  verifyEmail: <VerifyEmailPage />,
  emailPreferences: <EmailPreferencesPage />,
  unsubscribe: <UnsubscribePage />,
  profileSetup: <ProfileSetupPage />,
  providerSetup: <ProviderSetupPage />,
  providerDashboard: <RequireProvider><ProviderDashboardPage /></RequireProvider>,
  providerDashboardAlias: <Navigate to="/provider/dashboard" replace />,
  providerJoin: <JoinOrganisationPage />,
  addListing: <RequireProvider><AddHotelPage /></RequireProvider>,
  addHotel: <RequireProviderOrExplain><AddHotelPage /></RequireProviderOrExplain>,
  editHotel: <RequireProvider><EditHotelPage /></RequireProvider>,
  profile: <RequireAuth><ProfilePage /></RequireAuth>,
  favourites: <FavoritesPage />,
  admin: <RequireAdmin><AdminPage /></RequireAdmin>,
  signOut: <SignOutRoute />,
  writeReview: <WriteReviewPage />,
  businessTravel: <BusinessTravelPage />,
  helpCenter: <HelpCenterPage />,
  privacyPolicy: <PrivacyPolicyPage />,
  termsOfService: <TermsOfServicePage />,
  partnerHotels: <PartnerHotelsPage />,
  contactUs: <ContactUsPage />,
  cookiePreferences: <CookiePreferencesPage />,
  connectionError: <ConnectionErrorPage />,
  maintenance: <MaintenancePage />,
  serverError: <ServerErrorPage />,
  notFound: <NotFoundPage />,
};

/** The route table (site/routeTable.ts, which the pages' server answers by too), each route with its screen's element. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: appRoutes.map(({ path, screen }) => ({ path, element: screens[screen] })),
  },
];
