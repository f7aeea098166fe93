import { lazyPage } from './lib/lazy-page';

/**
 * The route pages, each in its own chunk so that the first visit downloads the frame and the page it opens on, not the
 * whole site. Home is one of them too: the gateway sends its HTML already rendered (src/entry-server.tsx), so its
 * first paint waits for none of its code.
 */
export const HomePage = lazyPage(
  () => import('./pages/HomePage'),
  (module) => module.HomePage,
);
/** Home below its hero. */
export const HomeSections = lazyPage(
  () => import('./pages/home/HomeSections'),
  (module) => module.HomeSections,
);
/** What the footer holds, with who runs the site: loaded just after the frame (the first-load budget). */
export const FooterContent = lazyPage(
  () => import('./components/layout/FooterContent'),
  (module) => module.FooterContent,
);
export const LoginPage = lazyPage(
  () => import('./pages/LoginPage'),
  (module) => module.LoginPage,
);
export const SignupPage = lazyPage(
  () => import('./pages/SignupPage'),
  (module) => module.SignupPage,
);
export const ConfirmEmailPage = lazyPage(
  () => import('./pages/ConfirmEmailPage'),
  (module) => module.ConfirmEmailPage,
);
export const UndoEmailChangePage = lazyPage(
  () => import('./pages/UndoEmailChangePage'),
  (module) => module.UndoEmailChangePage,
);
export const ForgotPasswordPage = lazyPage(
  () => import('./pages/ForgotPasswordPage'),
  (module) => module.ForgotPasswordPage,
);
export const ResetPasswordPage = lazyPage(
  () => import('./pages/ResetPasswordPage'),
  (module) => module.ResetPasswordPage,
);
export const PricingPage = lazyPage(
  () => import('./pages/PricingPage'),
  (module) => module.PricingPage,
);
export const CheckoutPage = lazyPage(
  () => import('./pages/CheckoutPage'),
  (module) => module.CheckoutPage,
);
export const CheckoutSuccessPage = lazyPage(
  () => import('./pages/CheckoutSuccessPage'),
  (module) => module.CheckoutSuccessPage,
);
export const SubscriptionPage = lazyPage(
  () => import('./pages/SubscriptionPage'),
  (module) => module.SubscriptionPage,
);
export const LookupPage = lazyPage(
  () => import('./pages/LookupPage'),
  (module) => module.LookupPage,
);
export const VehicleResultsPage = lazyPage(
  () => import('./pages/VehicleResultsPage'),
  (module) => module.VehicleResultsPage,
);
export const GaragesPage = lazyPage(
  () => import('./pages/GaragesPage'),
  (module) => module.GaragesPage,
);
/** A garage's public page, and the directory of subscribed garages (docs/product.md#garage-profiles). */
export const GarageProfilePage = lazyPage(
  () => import('./pages/garage-profile/GarageProfilePage'),
  (module) => module.GarageProfilePage,
);
export const GarageFinderPage = lazyPage(
  () => import('./pages/garage-profile/GarageFinderPage'),
  (module) => module.GarageFinderPage,
);
export const FaqPage = lazyPage(
  () => import('./pages/FaqPage'),
  (module) => module.FaqPage,
);
export const AboutPage = lazyPage(
  () => import('./pages/AboutPage'),
  (module) => module.AboutPage,
);
export const ContactPage = lazyPage(
  () => import('./pages/ContactPage'),
  (module) => module.ContactPage,
);
export const SupportPage = lazyPage(
  () => import('./pages/SupportPage'),
  (module) => module.SupportPage,
);
export const GettingStartedPage = lazyPage(
  () => import('./pages/GettingStartedPage'),
  (module) => module.GettingStartedPage,
);
export const PrivacyPolicyPage = lazyPage(
  () => import('./pages/PrivacyPolicyPage'),
  (module) => module.PrivacyPolicyPage,
);
export const TermsOfServicePage = lazyPage(
  () => import('./pages/TermsOfServicePage'),
  (module) => module.TermsOfServicePage,
);
export const CookiePolicyPage = lazyPage(
  () => import('./pages/CookiePolicyPage'),
  (module) => module.CookiePolicyPage,
);
export const GarageDashboardPage = lazyPage(
  () => import('./pages/GarageDashboardPage'),
  (module) => module.GarageDashboardPage,
);
export const AdminPage = lazyPage(
  () => import('./pages/AdminPage'),
  (module) => module.AdminPage,
);
export const AdminRecordsPage = lazyPage(
  () => import('./pages/AdminRecordsPage'),
  (module) => module.AdminRecordsPage,
);
export const AccountPage = lazyPage(
  () => import('./pages/AccountPage'),
  (module) => module.AccountPage,
);
export const AddServicePage = lazyPage(
  () => import('./pages/AddServicePage'),
  (module) => module.AddServicePage,
);
export const VerifyRecordsPage = lazyPage(
  () => import('./pages/VerifyRecordsPage'),
  (module) => module.VerifyRecordsPage,
);
const LAZY_PAGES = [
  HomeSections,
  LoginPage,
  SignupPage,
  ConfirmEmailPage,
  UndoEmailChangePage,
  ForgotPasswordPage,
  ResetPasswordPage,
  PricingPage,
  CheckoutPage,
  CheckoutSuccessPage,
  SubscriptionPage,
  LookupPage,
  VehicleResultsPage,
  GaragesPage,
  FaqPage,
  AboutPage,
  ContactPage,
  SupportPage,
  GettingStartedPage,
  PrivacyPolicyPage,
  TermsOfServicePage,
  CookiePolicyPage,
  GarageDashboardPage,
  AdminPage,
  AdminRecordsPage,
  AccountPage,
  AddServicePage,
  VerifyRecordsPage,
];

/** Loads every lazy page's code, so that each then renders without suspending. */
export async function preloadRoutePages(): Promise<void> {
  await Promise.all(LAZY_PAGES.map((page) => page.preload()));
}
/** /service-reminder and /service-reminder/unsubscribe, one chunk. */
export const ServiceReminderPages = lazyPage(
  () => import('./pages/ServiceReminderPages'),
  (module) => module.ServiceReminderPages,
);
