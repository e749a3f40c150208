import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Entry } from '../screens/Entry/Entry.tsx';
import { useIsLoggedIn } from '../state/auth.ts';

const TabLayout = lazy(() => import('../components/TabLayout.tsx').then((m) => ({ default: m.TabLayout })));
const Login = lazy(() => import('../screens/Login/Login.tsx'));
const LegalPage = lazy(() => import('../screens/Legal/LegalPage.tsx'));
const AuthCallback = lazy(() => import('../screens/AuthCallback/AuthCallback.tsx'));
const AdminApp = lazy(() => import('../admin/AdminApp.tsx'));

const Home = lazy(() => import('../screens/Home/Home.tsx'));
const Contacts = lazy(() => import('../screens/Contacts/Contacts.tsx'));
const Groups = lazy(() => import('../screens/Groups/Groups.tsx'));
const ViewGroup = lazy(() => import('../screens/ViewGroup/ViewGroup.tsx'));
const Calendar = lazy(() => import('../screens/Calendar/Calendar.tsx'));
const Profile = lazy(() => import('../screens/Profile/Profile.tsx'));
const Notifications = lazy(() => import('../screens/Notifications/Notifications.tsx'));
const ViewActivity = lazy(() => import('../screens/ViewActivity/ViewActivity.tsx'));
const CreateProfile = lazy(() => import('../screens/CreateProfile/CreateProfile.tsx'));
const Chats = lazy(() => import('../screens/Chats/Chats.tsx'));
const PollScreen = lazy(() => import('../screens/Poll/Poll.tsx'));
const StravaCallback = lazy(() => import('../screens/StravaCallback/StravaCallback.tsx'));

const ForgotPassword = lazy(() => import('../screens/ForgotPassword/ForgotPassword.tsx'));
const ChangePassword = lazy(() => import('../screens/ChangePassword/ChangePassword.tsx'));
const SignUp = lazy(() => import('../screens/SignUp/SignUp.tsx'));
const ConfirmEmail = lazy(() => import('../screens/ConfirmEmail/ConfirmEmail.tsx'));
const Welcome = lazy(() => import('../screens/Welcome/Welcome.tsx'));

/** Public routes of spec §2, available in both states. */
export function publicRoutes() {
  return [
    <Route key="/" path="/" element={<Entry />} />,
    <Route key="/login" path="/login" element={<Login />} />,
    // The redirect URI of the OpenID Connect providers (issue 41): signing in, or linking while signed in.
    <Route key="/auth/callback" path="/auth/callback" element={<AuthCallback />} />,
    <Route key="/privacy" path="/privacy" element={<LegalPage type="privacy" />} />,
    <Route key="/terms" path="/terms" element={<LegalPage type="terms" />} />,
    <Route key="/admin" path="/admin/*" element={<AdminApp />} />,
  ];
}

function loggedInRoutes() {
  return [
    <Route key="tabs" element={<TabLayout />}>
      <Route path="/home" element={<Home />} />
      <Route path="/contacts" element={<Contacts />} />
      <Route path="/groups" element={<Groups />} />
      <Route path="/calendar" element={<Calendar />} />
      <Route path="/chats" element={<Chats />} />
    </Route>,
    <Route key="/view-group" path="/view-group/:groupId" element={<ViewGroup />} />,
    <Route key="/profile" path="/profile/:userId" element={<Profile />} />,
    <Route key="/notifications" path="/notifications" element={<Notifications />} />,
    <Route key="/view-activity" path="/view-activity/:activityId" element={<ViewActivity />} />,
    <Route key="/poll" path="/poll/:pollId" element={<PollScreen />} />,
    <Route key="/create-profile" path="/create-profile" element={<CreateProfile />} />,
    // Where Strava's consent page comes back to (issue 42): the connection belongs to the person signed in.
    <Route key="/strava/callback" path="/strava/callback" element={<StravaCallback />} />,
  ];
}

function loggedOutRoutes() {
  return [
    <Route key="/forgot-password" path="/forgot-password" element={<ForgotPassword />} />,
    <Route key="/change-password" path="/change-password" element={<ChangePassword />} />,
    <Route key="/sign-up" path="/sign-up" element={<SignUp />} />,
    <Route key="/confirm-email" path="/confirm-email" element={<ConfirmEmail />} />,
    <Route key="/welcome" path="/welcome" element={<Welcome />} />,
  ];
}

/** The route set depends only on whether a login token exists (spec §2). */
export function AppRoutes() {
  const loggedIn = useIsLoggedIn();
  return (
    <Suspense fallback={<div className="route-loading" role="status" />}>
      <Routes>
        {publicRoutes()}
        {loggedIn ? loggedInRoutes() : loggedOutRoutes()}
        <Route path="*" element={<Entry />} />
      </Routes>
    </Suspense>
  );
}
