import { lazy, Suspense } from 'react';
import { useFirstUse } from '@/lib/first-use';
import { ProfileButton } from './profile-button';

const load = () => import('./profile-menu-dropdown');
const ProfileMenuDropdown = lazy(load);

/** The navbar's profile menu: its button, and the menu itself from the first click on. */
export function ProfileMenu() {
  const { used, handlers } = useFirstUse(load);
  if (!used) return <ProfileButton {...handlers} />;
  return (
    <Suspense fallback={<ProfileButton aria-busy="true" />}>
      <ProfileMenuDropdown />
    </Suspense>
  );
}
