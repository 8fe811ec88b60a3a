import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Heart, LayoutDashboard, LogOut, Shield, User as UserIcon } from 'lucide-react';
import type { SessionUser } from '@/hooks/useSession';
import { UserMenuButton } from './UserMenuButton';

/** The signed-in person's menu: profile, favourites, their dashboards, sign out. */
export default function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">{user.email}</DropdownMenu.Label>
          <MenuItem to="/profile" icon={<UserIcon className="h-4 w-4" />} label="My Profile" />
          <MenuItem to="/favourites" icon={<Heart className="h-4 w-4" />} label="Favourites" />
          {user.isProvider ? <MenuItem to="/provider/dashboard" icon={<LayoutDashboard className="h-4 w-4" />} label="Provider Dashboard" /> : null}
          {user.isAdmin ? <MenuItem to="/admin" icon={<Shield className="h-4 w-4" />} label="Admin Panel" /> : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-red-600 outline-none data-[highlighted]:bg-red-50"
          >
            <LogOut aria-hidden className="h-4 w-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuItem({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <DropdownMenu.Item asChild>
      <Link to={to} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-slate-100">
        <span aria-hidden className="text-slate-500">
          {icon}
        </span>
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}
