import type { CalculationValue } from '@ecc/contracts';
import { factorCo2ePerUnit } from '../emissions/factor-co2e.ts';
import type { FactorLookup } from '../emissions/factor-library.ts';
import { GAS_IDS, GWP_SETS, isGasId, type GwpSetId } from '../emissions/gwp.ts';
import { dimensionOf, findConversionFactor, isUnit, UNITS } from '../emissions/units.ts';
import { MAX_ROUND_DIGITS } from './calculation-limits.ts';
import { checkStaticType, constantOf, folded, type CompileContext } from './compile-context.ts';
import {
  areEqual,
  describeValue,
  expectBoolean,
  expectNumber,
  expectText,
  fail,
  roundHalfAwayFromZero,
  type CompiledExpression,
  type ValueType,
} from './evaluation-values.ts';
import type { Expression, FunctionCall, SourceSpan } from './syntax-tree.ts';

function failNoCase(span: SourceSpan, value: CalculationValue): never {
  return fail(span, `SWITCH has no case for ${describeValue(value)} and no default (a last, unpaired value)`);
}

/* The built-in functions of the language: each checks what it can when compiled and returns its closure. */

interface FunctionDefinition {
  /** What the arity error shows: `IF(condition, value if true, value if false)`. */
  readonly signature: string;
  readonly minimumArguments: number;
  readonly maximumArguments: number;
  compile(
    node: FunctionCall,
    args: readonly CompiledExpression[],
    context: CompileContext,
  ): CompiledExpression;
}

function sumCost(args: readonly CompiledExpression[]): number {
  return args.reduce((total, argument) => total + argument.cost, 1);
}

function argumentSpan(node: FunctionCall, index: number): SourceSpan {
  return (node.arguments[index] as Expression).span;
}

function constantText(argument: CompiledExpression | undefined): string | undefined {
  const value = argument?.constant?.value;
  return typeof value === 'string' ? value : undefined;
}

function unitProblem(from: string, to: string): string | undefined {
  for (const unit of [from, to]) {
    if (!isUnit(unit)) {
      const likely = UNITS.find((known) => known.toLowerCase() === unit.toLowerCase());
      return `Unknown unit '${unit}'${likely === undefined ? `: the units are ${UNITS.join(', ')}` : `: did you mean '${likely}'?`}`;
    }
  }
  if (findConversionFactor(from, to) === undefined && isUnit(from) && isUnit(to)) {
    return `Cannot convert ${from} (${dimensionOf(from)}) to ${to} (${dimensionOf(to)}): they measure different things`;
  }
  return undefined;
}

export function gasProblem(gas: string): string | undefined {
  return isGasId(gas) ? undefined : `Unknown gas '${gas}': the gases are ${GAS_IDS.join(', ')}`;
}

/** kg of `gas` per one unit of the factor's basis (`per`); 'CO2e' weighs every gas by the GWP set. */
function factorValue(
  factors: FactorLookup | undefined,
  id: string,
  gas: string,
  gwp: GwpSetId,
): { value: number } | { problem: string } {
  const factor = factors?.get(id);
  if (factor === undefined) return { problem: `Unknown emission factor '${id}'` };
  if (gas === 'CO2e') {
    const co2e = factorCo2ePerUnit(factor, gwp);
    return co2e === undefined
      ? { problem: `Factor '${id}' has no CO2e on ${gwp}: it was published on another GWP set` }
      : { value: co2e };
  }
  const gasFactor = isGasId(gas) ? factor.gases[gas] : undefined;
  if (gasFactor === undefined) {
    const gives = Object.keys(factor.gases);
    return {
      problem: `Factor '${id}' gives no ${gas}: it gives ${gives.length > 0 ? gives.join(', ') : 'only CO2e'}`,
    };
  }
  return { value: gasFactor.value * (findConversionFactor(gasFactor.unit, 'kg') ?? Number.NaN) };
}

const FUNCTIONS: ReadonlyMap<string, FunctionDefinition> = new Map<string, FunctionDefinition>([
  [
    'IF',
    {
      signature: 'IF(condition, value if true, value if false)',
      minimumArguments: 3,
      maximumArguments: 3,
      compile(node, [condition, whenTrue, whenFalse], context) {
        const [c, t, f] = [condition, whenTrue, whenFalse] as [
          CompiledExpression,
          CompiledExpression,
          CompiledExpression,
        ];
        checkStaticType(context, c, argumentSpan(node, 0), 'boolean', "IF's condition");
        const span = argumentSpan(node, 0);
        const type = t.type === f.type ? t.type : 'any';
        const compiled: CompiledExpression = {
          evaluate(frame) {
            return expectBoolean(c.evaluate(frame), span, "IF's condition")
              ? t.evaluate(frame)
              : f.evaluate(frame);
          },
          type,
          cost: sumCost([c, t, f]),
        };
        if (c.constant !== undefined && typeof c.constant.value === 'boolean')
          return c.constant.value ? t : f;
        return compiled;
      },
    },
  ],
  [
    'SWITCH',
    {
      signature: 'SWITCH(value, case 1, result 1, …, default)',
      minimumArguments: 3,
      maximumArguments: Number.POSITIVE_INFINITY,
      compile(node, args) {
        const [subject, ...rest] = args as [CompiledExpression, ...CompiledExpression[]];
        const hasDefault = rest.length % 2 === 1;
        const pairs: [CompiledExpression, CompiledExpression, SourceSpan][] = [];
        for (let index = 0; index + 1 < rest.length; index += 2) {
          pairs.push([
            rest[index] as CompiledExpression,
            rest[index + 1] as CompiledExpression,
            argumentSpan(node, index + 1),
          ]);
        }
        const fallback = hasDefault ? (rest.at(-1) as CompiledExpression) : undefined;
        const types = new Set([
          ...pairs.map(([, result]) => result.type),
          ...(fallback ? [fallback.type] : []),
        ]);
        const type = types.size === 1 ? ([...types][0] as ValueType) : 'any';
        const caseValues = pairs.map(([candidate]) => candidate.constant?.value);
        const caseType = typeof caseValues[0];
        const isTable =
          (caseType === 'string' || caseType === 'number') &&
          caseValues.every((value) => typeof value === caseType) &&
          new Set(caseValues).size === caseValues.length;
        if (isTable) {
          // Constant cases of one kind: one Map lookup instead of a comparison per case.
          const results = new Map(
            pairs.map(([candidate, result]) => [candidate.constant?.value, result.evaluate]),
          );
          const subjectEvaluate = subject.evaluate;
          const fallbackEvaluate = fallback?.evaluate;
          const firstCase = pairs[0] as [CompiledExpression, CompiledExpression, SourceSpan];
          return {
            evaluate(frame) {
              const value = subjectEvaluate(frame);
              const result = results.get(value);
              if (result !== undefined) return result(frame);
              if (value !== null && typeof value !== caseType)
                areEqual(value, caseValues[0] as CalculationValue, firstCase[2]);
              return fallbackEvaluate === undefined ? failNoCase(node.span, value) : fallbackEvaluate(frame);
            },
            type,
            cost: sumCost(args),
          };
        }
        return {
          evaluate(frame) {
            const value = subject.evaluate(frame);
            for (const [candidate, result, span] of pairs) {
              if (areEqual(value, candidate.evaluate(frame), span)) return result.evaluate(frame);
            }
            return fallback === undefined ? failNoCase(node.span, value) : fallback.evaluate(frame);
          },
          type,
          cost: sumCost(args),
        };
      },
    },
  ],
  [
    'COALESCE',
    {
      signature: 'COALESCE(value, another value, …)',
      minimumArguments: 1,
      maximumArguments: Number.POSITIVE_INFINITY,
      compile(_node, args) {
        const evaluators = args.map((argument) => argument.evaluate);
        const types = new Set(
          args.filter((argument) => argument.type !== 'null').map((argument) => argument.type),
        );
        return folded(
          {
            evaluate(frame) {
              for (const evaluate of evaluators) {
                const value = evaluate(frame);
                if (value !== null) return value;
              }
              return null;
            },
            type:
              types.size === 1 && !args.some((argument) => argument.type === 'any')
                ? ([...types][0] as ValueType)
                : 'any',
            cost: sumCost(args),
          },
          args,
        );
      },
    },
  ],
  ...(['MIN', 'MAX'] as const).map((name): [string, FunctionDefinition] => [
    name,
    {
      signature: `${name}(number, another number, …)`,
      minimumArguments: 1,
      maximumArguments: Number.POSITIVE_INFINITY,
      compile(node, args, context) {
        args.forEach((argument, index) =>
          checkStaticType(context, argument, argumentSpan(node, index), 'number', `Each value of ${name}`),
        );
        const isMinimum = name === 'MIN';
        const [first, second] = args as [CompiledExpression, CompiledExpression | undefined];
        if (
          args.length === 2 &&
          second !== undefined &&
          first.type === 'number' &&
          second.type === 'number'
        ) {
          const a = first.evaluate;
          const b = second.evaluate;
          return folded(
            {
              evaluate: isMinimum
                ? (frame) => Math.min(a(frame) as number, b(frame) as number)
                : (frame) => Math.max(a(frame) as number, b(frame) as number),
              type: 'number',
              cost: sumCost(args),
            },
            args,
          );
        }
        const role = `Each value of ${name}`;
        if (args.length === 2 && second !== undefined) {
          // Two values (the usual MIN(:x, 1)): checked inline, the first before the second runs.
          const a = first.evaluate;
          const b = second.evaluate;
          const firstSpan = argumentSpan(node, 0);
          const secondSpan = argumentSpan(node, 1);
          return folded(
            {
              evaluate(frame) {
                const x = a(frame);
                const checked = typeof x === 'number' ? x : expectNumber(x, firstSpan, role);
                const y = b(frame);
                const other = typeof y === 'number' ? y : expectNumber(y, secondSpan, role);
                return isMinimum ? Math.min(checked, other) : Math.max(checked, other);
              },
              type: 'number',
              cost: sumCost(args),
            },
            args,
          );
        }
        const evaluators = args.map(
          (argument, index) => [argument.evaluate, argumentSpan(node, index)] as const,
        );
        return folded(
          {
            evaluate(frame) {
              let best = isMinimum ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
              for (const [evaluate, span] of evaluators) {
                const value = expectNumber(evaluate(frame), span, `Each value of ${name}`);
                best = isMinimum ? Math.min(best, value) : Math.max(best, value);
              }
              return best;
            },
            type: 'number',
            cost: sumCost(args),
          },
          args,
        );
      },
    },
  ]),
  [
    'ABS',
    {
      signature: 'ABS(number)',
      minimumArguments: 1,
      maximumArguments: 1,
      compile(node, args, context) {
        const argument = args[0] as CompiledExpression;
        const span = argumentSpan(node, 0);
        checkStaticType(context, argument, span, 'number', "ABS's value");
        return folded(
          {
            evaluate(frame) {
              return Math.abs(expectNumber(argument.evaluate(frame), span, "ABS's value"));
            },
            type: 'number',
            cost: sumCost(args),
          },
          args,
        );
      },
    },
  ],
  [
    'ROUND',
    {
      signature: 'ROUND(number, digits)',
      minimumArguments: 1,
      maximumArguments: 2,
      compile(node, args, context) {
        const [value, digits] = args as [CompiledExpression, CompiledExpression | undefined];
        checkStaticType(context, value, argumentSpan(node, 0), 'number', "ROUND's value");
        if (digits) checkStaticType(context, digits, argumentSpan(node, 1), 'number', "ROUND's digits");
        const valueSpan = argumentSpan(node, 0);
        const digitsSpan = digits ? argumentSpan(node, 1) : node.span;
        const digitsMessage = `ROUND's digits must be a whole number from -${MAX_ROUND_DIGITS} to ${MAX_ROUND_DIGITS}`;
        return folded(
          {
            evaluate(frame) {
              const number = expectNumber(value.evaluate(frame), valueSpan, "ROUND's value");
              const places = digits ? expectNumber(digits.evaluate(frame), digitsSpan, "ROUND's digits") : 0;
              if (!Number.isInteger(places) || Math.abs(places) > MAX_ROUND_DIGITS)
                fail(digitsSpan, digitsMessage);
              return roundHalfAwayFromZero(number, places);
            },
            type: 'number',
            cost: sumCost(args),
          },
          args,
        );
      },
    },
  ],
  [
    'CONVERT',
    {
      signature: "CONVERT(number, 'from unit', 'to unit')",
      minimumArguments: 3,
      maximumArguments: 3,
      compile(node, args, context) {
        const [value, from, to] = args as [CompiledExpression, CompiledExpression, CompiledExpression];
        const valueSpan = argumentSpan(node, 0);
        checkStaticType(context, value, valueSpan, 'number', "CONVERT's value");
        const fromText = constantText(from);
        const toText = constantText(to);
        if (fromText !== undefined && toText !== undefined) {
          const problem = unitProblem(fromText, toText);
          if (problem !== undefined) {
            context.errors.add(
              isUnit(fromText) ? argumentSpan(node, isUnit(toText) ? 0 : 2) : argumentSpan(node, 1),
              problem,
            );
            return {
              evaluate() {
                return 0;
              },
              type: 'number',
              cost: 1,
            };
          }
          const factor = findConversionFactor(fromText, toText) as number;
          const evaluate = value.evaluate;
          return folded(
            {
              evaluate(frame) {
                return expectNumber(evaluate(frame), valueSpan, "CONVERT's value") * factor;
              },
              type: 'number',
              cost: sumCost(args),
            },
            [value],
          );
        }
        return {
          evaluate(frame) {
            const number = expectNumber(value.evaluate(frame), valueSpan, "CONVERT's value");
            const fromUnit = expectText(from.evaluate(frame), argumentSpan(node, 1), "CONVERT's unit");
            const toUnit = expectText(to.evaluate(frame), argumentSpan(node, 2), "CONVERT's unit");
            const problem = unitProblem(fromUnit, toUnit);
            if (problem !== undefined) fail(node.span, problem);
            return number * (findConversionFactor(fromUnit, toUnit) as number);
          },
          type: 'number',
          cost: sumCost(args),
        };
      },
    },
  ],
  [
    'GWP',
    {
      signature: "GWP('gas')",
      minimumArguments: 1,
      maximumArguments: 1,
      compile(node, args, context) {
        const gas = args[0] as CompiledExpression;
        const span = argumentSpan(node, 0);
        const values = GWP_SETS[context.options.gwp].values;
        const known = constantText(gas);
        if (known !== undefined) {
          const problem = gasProblem(known);
          if (problem !== undefined) context.errors.add(span, problem);
          return constantOf(isGasId(known) ? values[known] : 0);
        }
        return {
          evaluate(frame) {
            const name = expectText(gas.evaluate(frame), span, "GWP's gas");
            if (!isGasId(name)) return fail(span, gasProblem(name) as string);
            return values[name];
          },
          type: 'number',
          cost: sumCost(args),
        };
      },
    },
  ],
  [
    'FACTOR',
    {
      signature: "FACTOR('factor id', 'gas')",
      minimumArguments: 2,
      maximumArguments: 2,
      compile(node, args, context) {
        const [id, gas] = args as [CompiledExpression, CompiledExpression];
        const { factors, gwp } = context.options;
        const knownId = constantText(id);
        const knownGas = constantText(gas);
        if (knownId !== undefined && knownGas !== undefined) {
          const answer = factorValue(factors, knownId, knownGas, gwp);
          if ('problem' in answer) {
            context.errors.add(
              answer.problem.startsWith('Unknown') ? argumentSpan(node, 0) : argumentSpan(node, 1),
              answer.problem,
            );
            return constantOf(0);
          }
          return constantOf(answer.value);
        }
        return {
          evaluate(frame) {
            const factorId = expectText(id.evaluate(frame), argumentSpan(node, 0), "FACTOR's id");
            const gasName = expectText(gas.evaluate(frame), argumentSpan(node, 1), "FACTOR's gas");
            const answer = factorValue(factors, factorId, gasName, gwp);
            return 'problem' in answer ? fail(node.span, answer.problem) : answer.value;
          },
          type: 'number',
          cost: sumCost(args),
        };
      },
    },
  ],
  [
    'LOOKUP',
    {
      signature: "LOOKUP(key, 'dataset', 'key column', 'value column')",
      minimumArguments: 4,
      maximumArguments: 4,
      compile(node, args, context) {
        const [key, ...names] = args as [
          CompiledExpression,
          CompiledExpression,
          CompiledExpression,
          CompiledExpression,
        ];
        const texts = names.map(constantText);
        const [datasetName, keyColumn, valueColumn] = texts;
        for (const [index, text] of texts.entries()) {
          if (text === undefined) {
            context.errors.add(
              argumentSpan(node, index + 1),
              "LOOKUP names its dataset and columns as text, as in LOOKUP(:fuel, 'heat contents', 'fuel', 'hhv')",
            );
          }
        }
        if (datasetName === undefined || keyColumn === undefined || valueColumn === undefined) {
          return constantOf(null);
        }
        const dataset = context.options.datasets?.get(datasetName);
        if (dataset === undefined) {
          context.errors.add(argumentSpan(node, 1), `Unknown dataset '${datasetName}'`);
          return constantOf(null);
        }
        for (const [index, column] of [keyColumn, valueColumn].entries()) {
          if (!dataset.columns.includes(column)) {
            context.errors.add(
              argumentSpan(node, index + 2),
              `Dataset '${datasetName}' has no column '${column}': its columns are ${dataset.columns.join(', ')}`,
            );
          }
        }
        return {
          evaluate(frame) {
            const value = key.evaluate(frame);
            const found = dataset.lookup(keyColumn, value, valueColumn);
            if (found === undefined) {
              return fail(
                node.span,
                `Dataset '${datasetName}' has no row whose ${keyColumn} is ${describeValue(value)}`,
              );
            }
            return found;
          },
          type: 'any',
          cost: sumCost(args),
        };
      },
    },
  ],
]);

const FUNCTION_NAMES = [...FUNCTIONS.keys()].sort();

/** The built-in functions, for the editor's completion. */
export const CALCULATION_FUNCTIONS: readonly { readonly name: string; readonly signature: string }[] =
  FUNCTION_NAMES.map((name) => ({ name, signature: (FUNCTIONS.get(name) as FunctionDefinition).signature }));

/** A call of a built-in function, its arguments compiled. */
export function compileCall(
  node: FunctionCall,
  args: readonly CompiledExpression[],
  context: CompileContext,
): CompiledExpression {
  const definition = FUNCTIONS.get(node.name);
  if (definition === undefined) {
    context.errors.add(
      node.nameSpan,
      `Unknown function ${node.name}: the functions are ${FUNCTION_NAMES.join(', ')}`,
    );
    return constantOf(null);
  }
  const count = node.arguments.length;
  if (count < definition.minimumArguments || count > definition.maximumArguments) {
    context.errors.add(
      node.span,
      `${node.name} takes ${definition.signature}, but this call gives ${count} argument${count === 1 ? '' : 's'}`,
    );
    return constantOf(null);
  }
  return definition.compile(node, args, context);
}
