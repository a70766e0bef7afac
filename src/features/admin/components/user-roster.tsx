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
import { toast } from '@/stores/toast-store';
import { ADMIN_TEXTS, ADMIN_TOASTS, ROLES, roleUpdatedText } from '../constants';
import { listProfiles, updateRole, type AdminProfile } from '../model/admin-api';

const ROLE_COLOURS: Record<string, string> = {
  admin: 'bg-red-600 text-white', moderator: 'bg-orange-600 text-white', editor: 'bg-sky-700 text-white', dj: 'bg-violet-700 text-white',
  producer: 'bg-emerald-700 text-white', fan: 'bg-zinc-600 text-white', user: 'bg-zinc-700 text-white',
};

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
      <h2 id="roster-heading" className="text-xl font-semibold">{ADMIN_TEXTS.roster}</h2>
      {users === null ? (
        <div className="space-y-2">{Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-12" />)}</div>
      ) : users.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{ADMIN_TEXTS.noUsers}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left">
              <tr>{ADMIN_TEXTS.columns.map((c) => <th key={c} scope="col" className="px-3 py-2 font-medium">{c}</th>)}</tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id} className="border-t" data-testid={`roster-${u.username}`}>
                  <td className="px-3 py-2">
                    <Link to="/profile/$username" params={{ username: u.username }} className="flex items-center gap-2 hover:underline">
                      <Avatar className="size-8">
                        {u.avatar_url ? <AvatarImage src={u.avatar_url} alt="" /> : null}
                        <AvatarFallback>{initialsOf(u.display_name || u.username)}</AvatarFallback>
                      </Avatar>
                      <span className="flex flex-col">
                        <span className="font-medium">{u.display_name || u.username}</span>
                        <span className="text-xs text-muted-foreground">@{u.username}</span>
                      </span>
                    </Link>
                  </td>
                  <td className="px-3 py-2"><Badge className={ROLE_COLOURS[u.role] ?? ''} data-testid="role-badge">{u.role}</Badge></td>
                  <td className="px-3 py-2">{u.email ?? ''}</td>
                  <td className="px-3 py-2">{u.karma}</td>
                  <td className="px-3 py-2">{relativeTime(u.created_at)}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" variant="outline" onClick={() => setEditing(u)}>{ADMIN_TEXTS.editRole}</Button>
                      <Button size="sm" variant="ghost" asChild><Link to="/profile/$username" params={{ username: u.username }}>{ADMIN_TEXTS.viewProfile}</Link></Button>
                      <Button size="sm" variant="ghost" onClick={() => toast({ title: ADMIN_TOASTS.suspendTitle, description: ADMIN_TOASTS.suspendDescription })}>{ADMIN_TEXTS.suspend}</Button>
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
      toast({ title: ADMIN_TOASTS.updateRoleError, description: `${ADMIN_TOASTS.updateRoleErrorPrefix}: ${err instanceof Error ? err.message : String(err)}`, variant: 'destructive' });
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
        <p className="text-sm">{ADMIN_TEXTS.currentRole}: <Badge className={ROLE_COLOURS[user?.role ?? ''] ?? ''}>{user?.role}</Badge></p>
        <div className="space-y-1">
          <Label htmlFor="new-role">{ADMIN_TEXTS.newRole}</Label>
          <NativeSelect id="new-role" value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">{ADMIN_TEXTS.selectRole}</option>
            {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
          </NativeSelect>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>{ADMIN_TEXTS.cancel}</Button>
          <Button onClick={() => void confirm()} disabled={role === '' || role === user?.role || saving}>{ADMIN_TEXTS.confirmRole}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
