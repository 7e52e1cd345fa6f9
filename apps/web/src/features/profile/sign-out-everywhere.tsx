import { Button, Card, CardContent, CardHeader, ConfirmDialog, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { navigateToUrl } from '#lib/navigation/navigate-to-url.ts';
import { signOutEverywhere } from '#lib/session/session-queries.ts';

/** Ends every session of the user, on every device, after a confirmation; then goes to the login page. */
export function SignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);

  async function confirm() {
    try {
      const url = await signOutEverywhere(queryClient);
      await navigateToUrl(url, {
        replace: true,
        navigateInternal: (path) => navigate({ href: path, replace: true }),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'You could not be signed out everywhere',
        description: (error as Error).message,
      });
      throw error;
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <LogOutIcon aria-hidden="true" className="size-4" /> Sessions
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-muted-foreground text-sm">
          Lost a device, or signed in on a shared computer? Sign out everywhere ends every session of yours,
          this one included.
        </p>
        <div>
          <Button variant="outline" onClick={() => setIsConfirming(true)}>
            Sign out everywhere
          </Button>
        </div>
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setIsConfirming}
          title="Sign out on every device?"
          description="Every session of yours ends now, this one too, and you go to the login page."
          confirmLabel="Sign out everywhere"
          variant="destructive"
          onConfirm={confirm}
        />
      </CardContent>
    </Card>
  );
}
