import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { RequireAuth } from './auth/RequireAuth';
import { SubscriptionProvider } from './auth/SubscriptionProvider';
import { Layout } from './components/layout/Layout';
import { AboutPage } from './pages/AboutPage';
import { AccountPage } from './pages/AccountPage';
import { AdminPage } from './pages/AdminPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { CheckoutSuccessPage } from './pages/CheckoutSuccessPage';
import { ConfirmEmailPage } from './pages/ConfirmEmailPage';
import { CookiePolicyPage } from './pages/CookiePolicyPage';
import { FaqPage } from './pages/FaqPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { GarageDashboardPage } from './pages/GarageDashboardPage';
import { GaragesPage } from './pages/GaragesPage';
import { GettingStartedPage } from './pages/GettingStartedPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { LookupPage } from './pages/LookupPage';
import { PricingPage } from './pages/PricingPage';
import { PrivacyPolicyPage } from './pages/PrivacyPolicyPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignupPage } from './pages/SignupPage';
import { SubscriptionPage } from './pages/SubscriptionPage';
import { SupportPage } from './pages/SupportPage';
import { TermsOfServicePage } from './pages/TermsOfServicePage';
import { VehicleResultsPage } from './pages/VehicleResultsPage';

/** The routes of SPEC.md section 2 built so far, inside the session and subscription; every other path goes home. */
export function App() {
  return (
    <AuthProvider>
      <SubscriptionProvider>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<HomePage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignupPage />} />
            <Route path="confirm-email" element={<ConfirmEmailPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="pricing" element={<PricingPage />} />
            <Route path="checkout" element={<CheckoutPage />} />
            <Route path="checkout-success" element={<CheckoutSuccessPage />} />
            <Route path="subscription" element={<SubscriptionPage />} />
            <Route path="lookup" element={<LookupPage />} />
            <Route path="vehicle-results" element={<VehicleResultsPage />} />
            <Route path="garages" element={<GaragesPage />} />
            <Route path="faq" element={<FaqPage />} />
            <Route path="about" element={<AboutPage />} />
            <Route path="support" element={<SupportPage />} />
            <Route path="getting-started" element={<GettingStartedPage />} />
            <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="terms-of-service" element={<TermsOfServicePage />} />
            <Route path="cookie-policy" element={<CookiePolicyPage />} />
            <Route
              path="garage"
              element={
                <RequireAuth userType="garage">
                  <GarageDashboardPage />
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
              path="account"
              element={
                <RequireAuth>
                  <AccountPage />
                </RequireAuth>
              }
            />
            <Route path="dashboard" element={<Navigate to="/garage" replace />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </SubscriptionProvider>
    </AuthProvider>
  );
}
