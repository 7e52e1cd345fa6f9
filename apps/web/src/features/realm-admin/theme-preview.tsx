import { BUTTON_VARIANTS, type Theme } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  cn,
  toastVariants,
} from '@ecc/ui';
import type { CSSProperties } from 'react';
import { DEFAULT_LOGO_PATH } from '#lib/realm/realm-branding.ts';
import { loginBackground } from '#lib/theme/login-background.ts';
import { colorVariables, type ColorMode } from './theme-editing.ts';

const PREVIEW_TOASTS = [
  { variant: 'default', title: 'Report ready' },
  { variant: 'success', title: 'Record saved' },
  { variant: 'warning', title: 'Your session will expire soon' },
  { variant: 'destructive', title: 'The import failed' },
] as const;

/**
 * The design system's own pieces with the edited colours applied as CSS variables on this container only, in
 * the chosen mode; slots left unset show the defaults (the `.light` / `.dark` palettes), as the app will.
 */
export function ThemePreview({ theme, mode }: { theme: Theme; mode: ColorMode }) {
  const variables = colorVariables(theme.colors[mode]) as CSSProperties;
  const logo = theme.login.logo || theme.logo || DEFAULT_LOGO_PATH;
  const background = theme.login.background;
  return (
    <section
      aria-label="Live preview"
      className={cn(mode, 'bg-background text-foreground grid gap-4 rounded-xl border p-4')}
      style={variables}
    >
      <div className="flex flex-wrap gap-2">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} size="sm">
            {variant.charAt(0).toUpperCase() + variant.slice(1)}
          </Button>
        ))}
      </div>
      <Alert kind="primary">
        <AlertTitle>Emissions recalculated</AlertTitle>
        <AlertDescription>Every result now uses the realm’s GWP set.</AlertDescription>
      </Alert>
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle>North Plant</CardTitle>
          <CardDescription>Scope 1 and 2, 2024</CardDescription>
        </CardHeader>
        <CardContent className="text-muted-foreground bg-muted mx-4 rounded-md px-3 py-2 text-sm">
          12,480 t CO2e
        </CardContent>
      </Card>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Facility name">
          <Input defaultValue="North Plant" />
        </FormField>
        <FormField label="Quantity" error="Quantity must be zero or more">
          <Input defaultValue="-12" />
        </FormField>
      </div>
      <div className="grid gap-2">
        {PREVIEW_TOASTS.map((toast) => (
          <div key={toast.variant} className={cn(toastVariants({ variant: toast.variant }), 'p-3 pr-3')}>
            <span className="text-sm font-semibold">{toast.title}</span>
          </div>
        ))}
      </div>
      {/* The sign-in page is always dark (spec section 2), whichever mode is previewed. */}
      <div
        role="group"
        aria-label="Sign-in page"
        className="dark bg-background text-foreground flex min-h-44 items-center rounded-lg border p-3"
        style={{
          ...colorVariables(theme.colors.dark),
          ...(background ? { background: loginBackground(background, theme.login.backgroundPosition) } : {}),
        }}
      >
        <div className="bg-card text-card-foreground grid w-1/2 gap-2 rounded-md border p-3 shadow-sm">
          <img src={logo} alt="Logo" className="h-6 w-auto self-start justify-self-start" />
          <Input aria-label="Email" placeholder="Email" />
          <Button size="sm">Sign in</Button>
        </div>
      </div>
    </section>
  );
}
