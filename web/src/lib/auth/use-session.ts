import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarColor, formatMonthYear, initials } from '../format';
import { session, type SessionState } from './session';

/** The session store as React state. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The user session fields of SPEC §3, with memberSince and pfp computed for display. */
export interface SessionFields {
  userName: string;
  email: string;
  /** the month the account was created, locale-formatted ('March 2025') */
  memberSince: string;
  /** placeholder picture: initials on a coloured disc */
  pfp: { initials: string; color: string };
  is2FAEnabled: boolean;
  token: string | null;
  isAuthenticated: boolean;
  role: string;
}

export function useSession(): SessionFields {
  const state = useSessionState();
  const { i18n } = useTranslation();
  const user = state.user;
  const userName = user?.userName ?? '';
  return {
    userName,
    email: user?.email ?? '',
    memberSince: formatMonthYear(user?.createdAt, i18n.language),
    // Seeded by the name, as every other avatar of a person is (the visitors list knows no email).
    pfp: { initials: initials(userName || user?.email || ''), color: avatarColor(userName || user?.email || '') },
    is2FAEnabled: user?.is2FAEnabled ?? false,
    token: state.token,
    isAuthenticated: state.status === 'authenticated',
    role: user?.role ?? 'staff',
  };
}
