import { FileAudio, MessagesSquare, MessageSquareText, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/stores/toast-store';
import { ADMIN_TEXTS, ADMIN_TOASTS, STAT_LABELS } from '../constants';
import { platformStats, type PlatformStats } from '../model/admin-api';

const ICONS = { profiles: Users, discussions: MessagesSquare, posts: MessageSquareText, user_content: FileAudio } as const;

export function StatsOverview() {
  const [stats, setStats] = useState<PlatformStats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    platformStats().then(setStats, (err: unknown) => {
      setFailed(true);
      toast({ title: ADMIN_TOASTS.statsError, description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    });
  }, []);
  return (
    <section aria-labelledby="snapshot-heading" className="space-y-4">
      <h2 id="snapshot-heading" className="text-xl font-semibold">
        {ADMIN_TEXTS.snapshot}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {(Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>).map((key) => {
          const Icon = ICONS[key];
          return (
            <Card key={key} data-testid={`stat-${key}`}>
              <CardHeader className="flex flex-row items-center justify-between pb-2">
                <CardTitle className="text-sm font-medium">{STAT_LABELS[key]}</CardTitle>
                <Icon className="size-4 text-muted-foreground" aria-hidden />
              </CardHeader>
              <CardContent>
                {stats ? (
                  <p className="text-3xl font-bold">{stats[key]}</p>
                ) : failed ? (
                  <p className="text-3xl font-bold">-</p>
                ) : (
                  <Skeleton className="h-9 w-16" />
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
