import { isPlanAllowed, PLAN_LABELS, type Plan } from '@ecc/contracts';
import type { GuardToast, RouteMiddleware } from './route-middleware.ts';

/** Where the plan guard sends a user whose plan lacks the feature: the features they do have. */
export const PLAN_FALLBACK_PATH = '/launcher';

const planList = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });

/** Names the feature and the plans that include it. */
export function planFallbackToast(featureTitle: string, plans: readonly Plan[]): GuardToast {
  const labels = plans.map((plan) => PLAN_LABELS[plan]);
  return {
    variant: 'warning',
    title: `${featureTitle} is not part of your plan`,
    description: `It is included in the ${planList.format(labels)} plan${labels.length === 1 ? '' : 's'}.`,
  };
}

/** Spec section 2: a non-empty plan list that lacks the application's plan sends the user to the fallback. */
export const planMiddleware: RouteMiddleware = async (context) => {
  const plans = context.route.plans;
  if (!plans || plans.length === 0) return undefined;
  const { plan } = await context.loadApplication();
  if (isPlanAllowed(plans, plan)) return undefined;
  context.notify(planFallbackToast(context.route.title, plans));
  return { redirectTo: PLAN_FALLBACK_PATH };
};
