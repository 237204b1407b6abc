import { Navigate, Route, Routes } from 'react-router';
import { CheckInPage, DisplayPage, LoginPage, PrivacyPage, SetupPage } from './publicPages.js';
import { PublicLayout } from './PublicLayout.js';
import { RequireAccess } from './RequireAccess.js';
import { SIGNED_IN_ROUTES, accessRule } from './routeTable.js';
import { SignedInLayout } from './SignedInLayout.js';
import { ComingSoon } from './shell/ComingSoon.js';
import { NotFound } from './shell/NotFound.js';
import { PageSuspense } from './lazyPage.js';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/menu" replace />} />
      {/* A door tablet: full screen, no header (issue 24). */}
      <Route path="/display" element={<PageSuspense><DisplayPage /></PageSuspense>} />
      <Route element={<PublicLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/setup" element={<SetupPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        {/* Reached by QR code, signed out (SPEC 2.7). */}
        <Route path="/check-in/:siteId/:locationId/:roomId" element={<CheckInPage />} />
      </Route>
      <Route element={<SignedInLayout />}>
        {SIGNED_IN_ROUTES.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={(
              <RequireAccess rule={accessRule(r)}>
                <PageSuspense screen={r.screen}>{r.element ?? <ComingSoon screen={r.screen} back={r.back} />}</PageSuspense>
              </RequireAccess>
            )}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
