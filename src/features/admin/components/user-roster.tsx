import { Link } from '@tanstack/react-router';
import { relativeTime } from '@/lib/dates';
import { useEffect, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { toast } from '@/stores/toast-store';
import { ADMIN_TEXTS, ADMIN_TOASTS, ROLES, roleUpdatedText } from '../constants';
import { listProfiles, updateRole, type AdminProfile } from '../model/admin-api';

const ROLE_COLOURS: Record<string, string> = {
  admin: 'bg-red-600 text-white',
  moderator: 'bg-orange-700 text-white',
  editor: 'bg-sky-700 text-white',
  dj: 'bg-violet-700 text-white',
  producer: 'bg-emerald-700 text-white',
  fan: 'bg-zinc-600 text-white',
  user: 'bg-zinc-700 text-white',
};

/** A roster cell; on phones it stacks under its column name. */
const CELL =
  'px-3 py-2 max-md:block max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

export function UserRoster() {
  const [users, setUsers] = useState<AdminProfile[] | null>(null);
  const [editing, setEditing] = useState<AdminProfile | null>(null);
  useEffect(() => {
    listProfiles().then(setUsers, (err: unknown) => {
      setUsers([]);
      toast({ title: ADMIN_TOASTS.fetchUsersError, description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    });
  }, []);

  return (
    <section aria-labelledby="roster-heading" className="space-y-4">
      <h2 id="roster-heading" className="text-xl font-semibold">
        {ADMIN_TEXTS.roster}
      </h2>
      {users === null ? (
        <div className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : users.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{ADMIN_TEXTS.noUsers}</p>
      ) : (
        // Phones get one card per member (the table's cells stacked, each with its column name) instead of a table scrolling sideways.
        <div className="rounded-md border md:overflow-x-auto">
          <table className="w-full text-sm max-md:block">
            <thead className="bg-muted/50 text-left max-md:sr-only">
              <tr>
                {ADMIN_TEXTS.columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {users.map((u) => (
                <tr
                  key={u.id}
                  className="border-t max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-1 max-md:p-3 max-md:first:border-t-0"
                  data-testid={`roster-${u.username}`}
                >
                  <td className={cn(CELL, 'max-md:col-span-2')}>
                    <Link to="/profile/$username" params={{ username: u.username }} className="flex min-w-0 items-center gap-2 hover:underline">
                      <Avatar className="size-8">
                        {u.avatar_url ? <AvatarImage src={u.avatar_url} alt="" /> : null}
                        <AvatarFallback>{initialsOf(u.display_name || u.username)}</AvatarFallback>
                      </Avatar>
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-medium">{u.display_name || u.username}</span>
                        <span className="truncate text-xs text-muted-foreground">@{u.username}</span>
                      </span>
                    </Link>
                  </td>
                  <td className={CELL} data-label={ADMIN_TEXTS.columns[1]}>
                    <Badge className={ROLE_COLOURS[u.role] ?? ''} data-testid="role-badge">
                      {u.role}
                    </Badge>
                  </td>
                  <td className={cn(CELL, 'break-all max-md:col-span-2')} data-label={ADMIN_TEXTS.columns[2]}>
                    {u.email ?? ''}
                  </td>
                  <td className={CELL} data-label={ADMIN_TEXTS.columns[3]}>
                    {u.karma}
                  </td>
                  <td className={CELL} data-label={ADMIN_TEXTS.columns[4]}>
                    {relativeTime(u.created_at)}
                  </td>
                  <td className={cn(CELL, 'max-md:col-span-2')}>
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" variant="outline" onClick={() => setEditing(u)}>
                        {ADMIN_TEXTS.editRole}
                      </Button>
                      <Button size="sm" variant="ghost" asChild>
                        <Link to="/profile/$username" params={{ username: u.username }}>
                          {ADMIN_TEXTS.viewProfile}
                        </Link>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => toast({ title: ADMIN_TOASTS.suspendTitle, description: ADMIN_TOASTS.suspendDescription })}
                      >
                        {ADMIN_TEXTS.suspend}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EditRoleDialog
        user={editing}
        onClose={() => setEditing(null)}
        onUpdated={(id, role) => setUsers((list) => (list ?? []).map((u) => (u.id === id ? { ...u, role } : u)))}
      />
    </section>
  );
}

function EditRoleDialog({ user, onClose, onUpdated }: { user: AdminProfile | null; onClose: () => void; onUpdated: (id: string, role: string) => void }) {
  const [role, setRole] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setRole('');
  }, [user?.id]);

  async function confirm() {
    if (!user || role === '') return;
    if (role === user.role) {
      toast({ title: ADMIN_TOASTS.noChange, description: ADMIN_TOASTS.noChangeDescription });
      onClose();
      return;
    }
    setSaving(true);
    try {
      await updateRole(user.id, role);
      onUpdated(user.id, role);
      toast({ title: ADMIN_TOASTS.roleUpdated, description: roleUpdatedText(user.username, role), variant: 'success' });
      onClose();
    } catch (err) {
      toast({
        title: ADMIN_TOASTS.updateRoleError,
        description: `${ADMIN_TOASTS.updateRoleErrorPrefix}: ${err instanceof Error ? err.message : String(err)}`,
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{ADMIN_TEXTS.editRoleTitle}</DialogTitle>
          <DialogDescription>{user ? `@${user.username}` : ''}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          {ADMIN_TEXTS.currentRole}: <Badge className={ROLE_COLOURS[user?.role ?? ''] ?? ''}>{user?.role}</Badge>
        </p>
        <div className="space-y-1">
          <Label htmlFor="new-role">{ADMIN_TEXTS.newRole}</Label>
          <NativeSelect id="new-role" value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">{ADMIN_TEXTS.selectRole}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {ADMIN_TEXTS.cancel}
          </Button>
          <Button onClick={() => void confirm()} disabled={role === '' || role === user?.role || saving}>
            {ADMIN_TEXTS.confirmRole}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
