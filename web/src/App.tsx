import { createRoutesFromElements, matchRoutes, Navigate, Route, useRoutes, type RouteObject } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { RequireAuth } from './auth/RequireAuth';
import { SubscriptionProvider } from './auth/SubscriptionProvider';
import { Layout } from './components/layout/Layout';
import {
  AboutPage,
  AccountPage,
  AddServicePage,
  AdminPage,
  AdminRecordsPage,
  CheckoutPage,
  CheckoutSuccessPage,
  ConfirmEmailPage,
  ServiceReminderPages,
  ContactPage,
  CookiePolicyPage,
  FaqPage,
  ForgotPasswordPage,
  GarageDashboardPage,
  GaragesPage,
  GarageFinderPage,
  GarageProfilePage,
  GettingStartedPage,
  HomePage,
  LoginPage,
  LookupPage,
  PricingPage,
  PrivacyPolicyPage,
  ResetPasswordPage,
  SignupPage,
  SubscriptionPage,
  SupportPage,
  TermsOfServicePage,
  UndoEmailChangePage,
  VehicleResultsPage,
  VerifyRecordsPage,
} from './route-pages';

/**
 * The routes of docs/product.md#routes, as data: App renders them, and main.tsx finds the page a rendered page is of
 * (pageCodeFor) before taking it over. /garage and /add-service are the garage team's: the pages themselves send
 * anyone else on (GarageTeamOnly), so that the guard of the first load stays as small as it is; every other path goes
 * home. Pages other than home load on first use (route-pages.ts) while the frame stays on screen.
 */
export const ROUTES: RouteObject[] = createRoutesFromElements(
  <Route element={<Layout />}>
    <Route index element={<HomePage />} />
    <Route path="login" element={<LoginPage />} />
    <Route path="signup" element={<SignupPage />} />
    <Route path="confirm-email" element={<ConfirmEmailPage />} />
    <Route path="service-reminder/*" element={<ServiceReminderPages />} />
    <Route path="undo-email-change" element={<UndoEmailChangePage />} />
    <Route path="forgot-password" element={<ForgotPasswordPage />} />
    <Route path="reset-password" element={<ResetPasswordPage />} />
    <Route path="accept-invite" element={<LoginPage />} />
    <Route path="pricing" element={<PricingPage />} />
    <Route path="checkout" element={<CheckoutPage />} />
    <Route path="checkout-success" element={<CheckoutSuccessPage />} />
    <Route path="subscription" element={<SubscriptionPage />} />
    <Route path="lookup" element={<LookupPage />} />
    <Route path="vehicle-results" element={<VehicleResultsPage />} />
    <Route path="verify-records" element={<VerifyRecordsPage />} />
    <Route path="garages" element={<GaragesPage />} />
    <Route path="garages/find" element={<GarageFinderPage />} />
    <Route path="garages/:slug" element={<GarageProfilePage />} />
    <Route path="faq" element={<FaqPage />} />
    <Route path="about" element={<AboutPage />} />
    <Route path="contact" element={<ContactPage />} />
    <Route path="support" element={<SupportPage />} />
    <Route path="getting-started" element={<GettingStartedPage />} />
    <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
    <Route path="terms-of-service" element={<TermsOfServicePage />} />
    <Route path="cookie-policy" element={<CookiePolicyPage />} />
    <Route
      path="garage"
      element={
        <RequireAuth>
          <GarageDashboardPage />
        </RequireAuth>
      }
    />
    <Route
      path="add-service"
      element={
        <RequireAuth>
          <AddServicePage />
        </RequireAuth>
      }
    />
    <Route
      path="admin"
      element={
        <RequireAuth userType="admin">
          <AdminPage />
        </RequireAuth>
      }
    />
    <Route
      path="admin/records"
      element={
        <RequireAuth userType="admin">
          <AdminRecordsPage />
        </RequireAuth>
      }
    />
    <Route
      path="account"
      element={
        <RequireAuth>
          <AccountPage />
        </RequireAuth>
      }
    />
    <Route path="dashboard" element={<Navigate to="/garage" replace />} />
    <Route path="*" element={<Navigate to="/" replace />} />
  </Route>,
);

/** The session, the garage's subscription and the routes. */
export function App({ isTakingOverRenderedPage = false }: { isTakingOverRenderedPage?: boolean }) {
  return (
    <AuthProvider isTakingOverRenderedPage={isTakingOverRenderedPage}>
      <SubscriptionProvider>
        <AppRoutes />
      </SubscriptionProvider>
    </AuthProvider>
  );
}

function AppRoutes() {
  return useRoutes(ROUTES);
}

/**
 * Loads the code of the pages `pathname` shows (its route pages, route-pages.ts), so that a page the gateway rendered
 * is taken over in one pass once it has come (main.tsx): a part of the page whose code had not come would stay inert
 * meanwhile, and a tap on it would be lost.
 */
export function pageCodeFor(pathname: string): Promise<unknown> {
  const preloads = (matchRoutes(ROUTES, pathname) ?? []).flatMap(({ route }) => {
    const page = (route.element as { type?: { preload?: () => Promise<void> } } | undefined)?.type;
    return typeof page?.preload === 'function' ? [page.preload()] : [];
  });
  return Promise.all(preloads);
}
