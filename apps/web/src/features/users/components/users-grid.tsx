import type { User } from '@portal/domain';
import { UserCard } from './user-card';

interface UsersGridProps {
  users: User[];
  currentUserId: number | undefined;
  busyUserId: number | null;
  onToggleStatus: (user: User) => void;
}

export function UsersGrid({ users, currentUserId, busyUserId, onToggleStatus }: UsersGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Usuarios">
      {users.map((user) => (
        <li key={user.id} className="flex [&>*]:flex-1">
          <UserCard
            user={user}
            isSelf={user.id === currentUserId}
            busy={busyUserId === user.id}
            onToggleStatus={onToggleStatus}
          />
        </li>
      ))}
    </ul>
  );
}
