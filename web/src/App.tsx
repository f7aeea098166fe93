import { Navigate, Route, Routes } from 'react-router-dom';
import { Layout } from './components/layout/Layout';
import { AboutPage } from './pages/AboutPage';
import { CookiePolicyPage } from './pages/CookiePolicyPage';
import { FaqPage } from './pages/FaqPage';
import { GaragesPage } from './pages/GaragesPage';
import { GettingStartedPage } from './pages/GettingStartedPage';
import { HomePage } from './pages/HomePage';
import { LookupPage } from './pages/LookupPage';
import { PrivacyPolicyPage } from './pages/PrivacyPolicyPage';
import { SupportPage } from './pages/SupportPage';
import { TermsOfServicePage } from './pages/TermsOfServicePage';
import { VehicleResultsPage } from './pages/VehicleResultsPage';

/** The routes of SPEC.md section 2 built so far; every other path goes home. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
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
        <Route path="dashboard" element={<Navigate to="/garage" replace />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
