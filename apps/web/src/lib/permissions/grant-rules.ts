/**
 * The part of building an ability that runs RE2 on grant patterns (re2js, about 46 kB gzip): imported
 * dynamically once someone has signed in, so the sign-in page's first load does not carry it.
 */
export { grantIdPatternMatcher, loadAbilityRules } from '@ecc/domain';
