import { describeRouteGroupAttack } from '#test-support/route-table-attack.ts';

describeRouteGroupAttack('calculations');
