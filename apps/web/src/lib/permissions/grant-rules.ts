/**
 * Building an ability: CASL, and RE2 for grant patterns (re2js, about 46 kB gzip), imported dynamically once
 * someone has signed in, so the sign-in page's first load carries neither.
 */
export { buildAbility, confineRulesToRealms, grantIdPatternMatcher, loadAbilityRules } from '@ecc/domain';
