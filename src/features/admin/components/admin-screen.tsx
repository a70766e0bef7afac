import { Link } from '@tanstack/react-router';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ADMIN_TABS, ADMIN_TEXTS } from '../constants';
import { AiDraftGenerator } from './ai-draft-generator';
import { StatsOverview } from './stats-overview';
import { UserRoster } from './user-roster';

export type AdminMember = { id: string; role: string } | null | undefined;

/** /admin: three tabs for administrators; everyone else sees Access Denied. */
export function AdminScreen({ member }: { member: AdminMember }) {
  if (member === undefined)
    return (
      <p role="status" className="py-12 text-center text-muted-foreground">
        {ADMIN_TEXTS.loading}
      </p>
    );
  if (!member || member.role !== 'admin') {
    return (
      <Card className="mx-auto mt-8 max-w-md text-center">
        <CardHeader>
          <CardTitle className="flex items-center justify-center gap-2">
            <ShieldAlert className="size-6 text-destructive" aria-hidden />
            {ADMIN_TEXTS.accessDeniedTitle}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-muted-foreground">{ADMIN_TEXTS.accessDeniedBody}</p>
          <Button asChild variant="outline">
            <Link to="/">{ADMIN_TEXTS.backHome}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div>
      <PageHeader title={ADMIN_TEXTS.title} subtitle={ADMIN_TEXTS.subtitle} icon={<ShieldCheck />} />
      <Tabs defaultValue="overview">
        {/* On phones the three tabs share the width and their labels wrap instead of being cut. */}
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          {ADMIN_TABS.map((t) => (
            <TabsTrigger key={t.id} id={`tab-${t.id}`} value={t.id} className="h-full whitespace-normal text-center leading-tight sm:whitespace-nowrap">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <StatsOverview />
        </TabsContent>
        <TabsContent value="users">
          <UserRoster />
        </TabsContent>
        <TabsContent value="ai-content">
          <AiDraftGenerator authorId={member.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
