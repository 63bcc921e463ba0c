export { fromHere, JOIN_RIDE_REASON, landingPath, useAuthReason, useReturnPath, type ReturnState } from './return-path';
export { RedirectIfSignedIn, RequireAuth } from './route-guards';
export { useLogin, useLogout, useRegister, useSession, type Session, type SessionUser } from './use-session';
